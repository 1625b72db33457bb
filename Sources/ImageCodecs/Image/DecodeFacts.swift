/// What decoding learned about the source file: its format, its full size and how far it was
/// shrunk on load. Reports and the batch's records take their figures from here.
public struct DecodeFacts: Sendable, Equatable {
    public package(set) var format: ImageFormat
    /// Full size of the source picture, oriented like the decoded pixels, before any
    /// shrink-on-load.
    public package(set) var sourceWidth: Int
    public package(set) var sourceHeight: Int
    /// Shrink-on-load factor: the pixels are the source at 1/`scaleDenominator` (1, 2, 4 or 8;
    /// each side is `ceil(source / scaleDenominator)`).
    public package(set) var scaleDenominator: Int
    /// Whether CMYK pixels were converted to sRGB through `DecodeOptions.cmykTransform` (the
    /// file's profile then no longer describes them).
    public package(set) var convertedThroughProfile: Bool
    /// What was wrong with metadata the decode was asked to read (`DecodeOptions.readsMetadata`)
    /// and was therefore left out, one line each ("EXIF dropped: …"): metadata never fails an
    /// image. The batch report lists them with the image.
    public package(set) var metadataWarnings: [String] = []
    /// Whether the file holds more than one frame (an animated GIF or WebP), whichever frames
    /// were decoded.
    public package(set) var isAnimated = false
    /// Whether a compute device made the pixels from the JPEG's coefficients (`--decode
    /// device`, issue 35 stage 1) rather than libjpeg-turbo on the host; the bytes are the same.
    public package(set) var decodedOnDevice = false
    /// With `decodedOnDevice`: 1 when libjpeg-turbo entropy-decoded the file on the host and the
    /// device made the pixels of the coefficients, 2 when the device did the Huffman decode too
    /// (issue 35); nil otherwise.
    package var deviceDecodeStage: Int? = nil

    package init(format: ImageFormat, sourceWidth: Int, sourceHeight: Int, scaleDenominator: Int = 1,
                convertedThroughProfile: Bool = false) {
        self.format = format
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.scaleDenominator = scaleDenominator
        self.convertedThroughProfile = convertedThroughProfile
    }

    /// The size the pixels were decoded at: the source shrunk by `scaleDenominator`, rounded up.
    public var decodedSize: (width: Int, height: Int) {
        ((sourceWidth + scaleDenominator - 1) / scaleDenominator,
         (sourceHeight + scaleDenominator - 1) / scaleDenominator)
    }
}
