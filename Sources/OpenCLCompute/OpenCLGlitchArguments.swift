import ImageMaths
/// The glitch plan as the `glitch` kernel's arguments: the 32-bit shift and edge mode, and one
/// `int2` per row with everything that depends only on the row.
///
/// Each value is brought into a small range on the host without changing a single output
/// pixel, so the kernel needs no division by a variable:
/// - a row's tear offset `off` becomes `off mod W` in `0..<W`, because `mod(x + off, W)` equals
///   `mod(x + (off mod W), W)`;
/// - its scanline factor is `255 − strength` on scanline rows and `255` elsewhere (the kernel
///   skips darkening rows with 255; `(c · 255 + 127) / 255` would be `c` anyway, so a device
///   that did not skip would give the same bytes);
/// - with clamp edges any shift ≥ W reads the last column (from the right) and the first (from
///   the left), so `min(shift, W)` is the same; with wrap edges only `shift mod W` matters.
struct OpenCLGlitchArguments: Equatable {
    let shift: Int32
    let wrapEdge: Int32
    /// `(offset, keep)` per row, flattened: `rows[2y]`, `rows[2y + 1]`.
    let rows: [Int32]

    init(plan: GlitchPlan) {
        precondition(plan.shift >= 0 && plan.scanlinePeriod >= 0 && plan.scanlineThickness >= 0
                     && (0...255).contains(plan.scanlineStrength), "invalid glitch plan")
        precondition(plan.width <= Int(Int32.max) / 2, "glitch width \(plan.width) beyond the kernel's int range")
        let width = plan.width
        switch plan.edge {
        case .clamp:
            shift = Int32(min(plan.shift, width))
            wrapEdge = 0
        case .wrap:
            shift = Int32(plan.shift % width)
            wrapEdge = 1
        }
        let darkened = Int32(255 - plan.scanlineStrength)
        var rows = [Int32](repeating: 0, count: 2 * plan.height)
        for y in 0..<plan.height {
            let offset = Int(plan.rowOffsets[y]) % width
            rows[2 * y] = Int32(offset < 0 ? offset + width : offset)
            rows[2 * y + 1] = plan.isScanline(y) ? darkened : 255
        }
        self.rows = rows
    }
}
