import ImageMaths
/// The glitch plan as the arguments of glitch.cl's `glitch` kernel: the 32-bit shift and edge
/// mode, and one `int2` per row with everything that depends only on the row. The values are `GlitchPlan`'s,
/// already reduced on the host (shift for the edge mode, row offsets mod W; see there), so the
/// kernel needs no division by a variable. A row's second value is what it keeps of each
/// channel, `255 − strength` on scanline rows and 255 elsewhere (the kernel skips darkening rows
/// with 255; `(c · 255 + 127) / 255` would be `c` anyway).
struct GlitchKernelArguments: Equatable, Sendable {
    let shift: Int32
    let wrapEdge: Int32
    /// `(offset, keep)` per row, flattened: `rows[2y]`, `rows[2y + 1]`.
    let rows: [Int32]

    /// `plan` was checked when it was made: its width fits the kernel's 32-bit indices
    /// (`GlitchPlan.maximumWidth`), and every value is in range.
    init(plan: GlitchPlan) {
        shift = Int32(plan.reducedShift)
        wrapEdge = plan.edge == .wrap ? 1 : 0
        var rows = [Int32](repeating: 0, count: 2 * plan.height)
        for y in 0..<plan.height {
            rows[2 * y] = plan.wrappedRowOffsets[y]
            rows[2 * y + 1] = Int32(plan.scanlineKeep(y))
        }
        self.rows = rows
    }
}
