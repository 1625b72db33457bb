import ImageMaths
/// Why the CPU backend refused an operation. Each case carries the numbers that did not fit,
/// so the message says what was wrong without a debugger.
public enum CPUBackendError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `crop` was given a rectangle that is empty or reaches outside the image. docs/SPEC.md §3:
    /// a crop outside the image is an error, never a clamp.
    case cropOutsideImage(rect: PixelRect, width: Int, height: Int)
    /// A resampling pass was given weights or rows that read outside the image (a plan made
    /// for another image, usually).
    case resampleOutsideImage(pass: String, needed: Int, available: Int)
    /// A glitch plan made for another image size.
    case glitchPlanSizeMismatch(planWidth: Int, planHeight: Int, width: Int, height: Int)
    /// `download` was called on the CPU backend, which never holds device images; the image
    /// belongs to the named backend.
    case notDeviceImageOwner(owner: String)

    public var description: String {
        switch self {
        case let .cropOutsideImage(rect, width, height):
            "crop \(rect) lies outside the \(width)x\(height) image"
        case let .resampleOutsideImage(pass, needed, available):
            "\(pass) resampling reads \(needed) source pixels along its axis, the image has \(available)"
        case let .glitchPlanSizeMismatch(pw, ph, w, h):
            "glitch plan made for \(pw)x\(ph), image is \(w)x\(h)"
        case let .notDeviceImageOwner(owner):
            "the CPU backend holds no device images; this one belongs to \(owner)"
        }
    }
}
