/// Why a `HostImage` cannot be made from the size and bytes given.
public enum ImageGeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A side below zero.
    case negativeSize(width: Int, height: Int)
    /// `width × height × 4` does not fit in an `Int`.
    case tooLarge(width: Int, height: Int)
    /// The buffer does not hold exactly `width × height` RGBA pixels.
    case bufferSize(width: Int, height: Int, expected: Int, actual: Int)
    /// Frames of one image that are not all the same size.
    case frameSizesDiffer
    /// An image needs at least one frame.
    case noFrames

    public var description: String {
        switch self {
        case .negativeSize(let w, let h): "negative image size \(w)x\(h)"
        case .tooLarge(let w, let h): "image size \(w)x\(h) is too large to address"
        case .bufferSize(let w, let h, let expected, let actual):
            "\(actual) bytes given for a \(w)x\(h) RGBA image, which needs \(expected)"
        case .frameSizesDiffer: "the frames of one image differ in size"
        case .noFrames: "an image needs at least one frame"
        }
    }
}
