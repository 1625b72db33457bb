/// What an image file says about itself before any pixel is decoded.
package struct ImageHeader: Sendable, Equatable {
    package var format: ImageFormat
    /// Size as stored in the file, before the EXIF orientation is applied.
    package var storedWidth: Int
    package var storedHeight: Int
    /// The EXIF orientation (`.topLeft` when the file has none).
    package var orientation: ImageOrientation

    package init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: ImageOrientation) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// Width as displayed (the stored height for orientations that rotate by 90°).
    package var width: Int { orientation.swapsWidthAndHeight ? storedHeight : storedWidth }
    /// Height as displayed.
    package var height: Int { orientation.swapsWidthAndHeight ? storedWidth : storedHeight }
    /// `storedWidth * storedHeight`, the number `DecodeOptions.maxPixels` limits.
    package var pixelCount: Int { storedWidth * storedHeight }

    /// The sides a header may declare: positive, and at most `Int32.max` (what PNG allows, what
    /// a decoder's 32-bit arithmetic and the OpenCL kernels' `int` coordinates can hold). A file
    /// declaring more is refused as corrupt before planning or the memory budget trusts it.
    package static let sides: ClosedRange<Int> = 1...Int(Int32.max)
}
