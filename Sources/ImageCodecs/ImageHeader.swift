/// What an image file says about itself before any pixel is decoded.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    /// Size as stored in the file, before the EXIF orientation is applied.
    public var storedWidth: Int
    public var storedHeight: Int
    /// The EXIF orientation (`.topLeft` when the file has none).
    public var orientation: ImageOrientation

    public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: ImageOrientation) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// Width as displayed (the stored height for orientations that rotate by 90°).
    public var width: Int { orientation.swapsWidthAndHeight ? storedHeight : storedWidth }
    /// Height as displayed.
    public var height: Int { orientation.swapsWidthAndHeight ? storedWidth : storedHeight }
    /// `storedWidth * storedHeight`, the number `DecodeOptions.maxPixels` limits.
    public var pixelCount: Int { storedWidth * storedHeight }
}
