/// A decoded picture and what is known about its source.
public struct DecodedImage: Sendable {
    /// RGBA8 pixels, oriented (when asked) and possibly shrunk on load.
    public var image: HostImage
    public var format: ImageFormat
    /// Full size of the source picture, oriented like `image`, before any shrink-on-load.
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// Shrink-on-load factor: `image` is the source at 1/`scaleDenominator` scale (1, 2, 4 or
    /// 8; each side is `ceil(source / scaleDenominator)`).
    public var scaleDenominator: Int
    /// The EXIF orientation found in the file, whether or not it was applied.
    public var orientation: ImageOrientation
    /// The file's ICC colour profile (`DecodeOptions.readsICCProfile`), or nil.
    public var iccProfile: [UInt8]? = nil
    /// Whether the decoder converted CMYK pixels to sRGB through `DecodeOptions.cmykTransform`.
    var convertedThroughProfile = false

    public init(image: HostImage, format: ImageFormat, sourceWidth: Int, sourceHeight: Int,
                scaleDenominator: Int, orientation: ImageOrientation) {
        self.image = image
        self.format = format
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.scaleDenominator = scaleDenominator
        self.orientation = orientation
    }
}
