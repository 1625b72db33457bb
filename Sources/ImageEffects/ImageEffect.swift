import ComputeCore

/// One of the built-in effects with its parameters, as `--effect` names it. Effects run
/// after the scale and crop, in the order given, before the glitch (docs/SPEC.md §5).
public enum ImageEffect: Sendable, Equatable, CustomStringConvertible {
    case sepia(SepiaKernel)
    case tiltShift(TiltShiftKernel)
    case sharpen(SharpenKernel)

    /// The kernel that computes it.
    public var kernel: any ImageKernel {
        switch self {
        case .sepia(let k): k
        case .tiltShift(let k): k
        case .sharpen(let k): k
        }
    }

    /// The effect's name as `--effect` spells it.
    public var name: String { kernel.name }
}
