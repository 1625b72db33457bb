/// A width and a height in pixels: the size of an image, a resize target or a kernel's output.
/// The one size type of every layer (no `(width:height:)` tuples); `PixelRect` is a size placed
/// at an origin.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
