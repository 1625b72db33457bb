import ComputeCore

/// One of the built-in effects with its parameters, as `--effect` names it. Effects run
/// after the scale and crop, in the order given, before the glitch (docs/SPEC.md §5).
public enum ImageEffect: Sendable, Equatable, CustomStringConvertible {
    case sepia(SepiaKernel)
    case tiltShift(TiltShiftKernel)

    /// The kernel that computes it.
    public var kernel: any ImageKernel {
        switch self {
        case .sepia(let k): k
        case .tiltShift(let k): k
        }
    }

    /// The effect's name as `--effect` spells it.
    public var name: String { kernel.name }

    /// Every parameter, spelled as `--effect` takes it (what reports record), e.g.
    /// `sepia:black=#1f1209,mid=#8c6239,white=#f5e6c8`.
    public var description: String {
        switch self {
        case .sepia(let k):
            "sepia:black=\(k.black),mid=\(k.mid),white=\(k.white)"
        case .tiltShift(let k):
            "tilt-shift:radius=\(Self.number(k.radius)),centre=\(Self.number(k.centre)),band=\(Self.number(k.band)),fade=\(Self.number(k.fade))"
        }
    }

    /// `6` rather than `6.0`, and the shortest exact spelling otherwise.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
