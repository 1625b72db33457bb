import ImageMaths
/// The EXIF orientation of a picture (TIFF tag 0x0112): how the stored rows and columns map
/// onto the picture as it should be shown.
///
/// Case names are the TIFF ones: "the stored row 0 is the visual <first word>, the stored
/// column 0 is the visual <second word>". Each case's comment says what turns the stored
/// pixels into the displayed picture; that transform is what Pillow's `ImageOps.exif_transpose`
/// applies, so decoded pixels match it.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// Stored as shown (also what a file without the tag gets).
    case topLeft = 1
    /// Mirror left-right.
    case topRight = 2
    /// Rotate 180°.
    case bottomRight = 3
    /// Mirror top-bottom.
    case bottomLeft = 4
    /// Transpose (mirror across the top-left to bottom-right diagonal).
    case leftTop = 5
    /// Rotate 90° clockwise (the usual portrait photo from a phone held upright).
    case rightTop = 6
    /// Transverse (mirror across the top-right to bottom-left diagonal).
    case rightBottom = 7
    /// Rotate 90° counter-clockwise.
    case leftBottom = 8

    /// The orientation for an EXIF value; values outside 1...8 mean "as stored", as in Pillow.
    package init(exifValue: Int) {
        self = ImageOrientation(rawValue: exifValue) ?? .topLeft
    }

    /// Whether the displayed picture's width is the stored height (cases 5 to 8).
    package var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The displayed size of a picture stored as `width × height`.
    package func displayedSize(width: Int, height: Int) -> PixelSize {
        swapsWidthAndHeight ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
    }
}
