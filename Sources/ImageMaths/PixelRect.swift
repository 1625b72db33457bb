/// A rectangle of whole pixels: origin at the top-left, `x` to the right, `y` down. A type of
/// its own rather than a `PixelSize` with an origin: a crop region is placed, a size is not,
/// and its four stored fields are what reports write.
public struct PixelRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle's width and height.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// Whether the rectangle is non-empty and lies inside a `width × height` image.
    package func fits(inWidth w: Int, height h: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0 && maxX <= w && maxY <= h
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
