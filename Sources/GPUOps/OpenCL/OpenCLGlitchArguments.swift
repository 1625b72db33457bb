/// The glitch plan's settings as the `glitch` kernel's 32-bit arguments.
///
/// A user's shift, period or thickness can be any `Int`; these are brought into `int` range
/// without changing a single output pixel: with clamp edges any shift ≥ width reads the last
/// column (from the right) and the first (from the left), so `min(shift, width)` is the same;
/// with wrap edges only `shift mod width` matters; `y mod p` equals `y` for every row once
/// `p ≥ height`, and `y mod p < t` holds for every row once `t ≥ height`.
struct OpenCLGlitchArguments: Equatable {
    let shift: Int32
    let wrapEdge: Int32
    let period: Int32
    let thickness: Int32
    let strength: Int32

    init(plan: GlitchPlan) {
        precondition(plan.shift >= 0 && plan.scanlinePeriod >= 0 && plan.scanlineThickness >= 0
                     && (0...255).contains(plan.scanlineStrength), "invalid glitch plan")
        precondition(plan.rowOffsets.allSatisfy { abs(Int($0)) <= 1 << 28 }, "row offsets beyond ±2^28")
        switch plan.edge {
        case .clamp:
            shift = Int32(min(plan.shift, plan.width))
            wrapEdge = 0
        case .wrap:
            shift = Int32(plan.shift % plan.width)
            wrapEdge = 1
        }
        period = Int32(min(plan.scanlinePeriod, plan.height))
        thickness = Int32(min(plan.scanlineThickness, plan.height))
        strength = Int32(plan.scanlineStrength)
    }
}
