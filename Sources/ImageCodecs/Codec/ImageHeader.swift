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

    /// The sides a header may declare: positive, and at most `Int32.max` (what PNG allows, what
    /// a decoder's 32-bit arithmetic and the OpenCL kernels' `int` coordinates can hold). A file
    /// declaring more is refused as corrupt before planning or the memory budget trusts it.
    public static let sides: ClosedRange<Int> = 1...Int(Int32.max)
}
