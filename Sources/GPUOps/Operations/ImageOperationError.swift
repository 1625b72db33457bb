import ImageMaths
/// Failures of the image operations themselves (codec, fetch, write and device failures keep
/// their own types and are carried as they are).
public enum ImageOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A crop rectangle that does not lie entirely inside the image. Crops never clamp: a
    /// rectangle outside the image is a caller's mistake worth hearing about.
    case cropOutsideImage(rect: PixelRect, width: Int, height: Int)
    /// A requested output size that is zero or negative.
    case invalidSize(width: Int, height: Int)
    /// An image larger than the box a `PadStep` fills, on either side: a pad never cuts.
    case largerThanPadBox(width: Int, height: Int, box: PixelSize)
    /// An input that is not a local file or an http(s) URL could not be fetched.
    case fetchFailed(source: String, reason: FetchError)
    /// Output paths (or saves) that do not match the size entries one to one.
    case outputCountMismatch(outputs: Int, sizes: Int)

    public var description: String {
        switch self {
        case .cropOutsideImage(let r, let w, let h):
            "crop \(r) lies outside the \(w)x\(h) image"
        case .invalidSize(let w, let h):
            "invalid output size \(w)x\(h)"
        case .largerThanPadBox(let w, let h, let box):
            "the \(w)x\(h) image is larger than the \(box) box it is padded to"
        case .fetchFailed(let source, let reason):
            "\(source): \(reason)"
        case .outputCountMismatch(let outputs, let sizes):
            "\(outputs) output paths for \(sizes) sizes"
        }
    }
}
