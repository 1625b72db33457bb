import ImageMaths
/// How `ImageDecoder` decodes.
public struct DecodeOptions: Sendable {
    /// Inputs whose header declares more pixels (width × height, before any shrink-on-load) are
    /// refused with `.tooManyPixels` before pixel memory is allocated.
    public var maxPixels: Int
    /// Rotate/mirror the pixels as the EXIF orientation says (JPEG APP1 Exif, PNG eXIf), so
    /// portrait photos come out upright. `false` keeps the stored pixel order.
    public var applyOrientation: Bool
    /// Shrink-on-load. Called with the full size of the picture as it will come out (oriented
    /// when `applyOrientation` is on), it returns the smallest size the caller will resample
    /// from; a JPEG is then decoded at 1/2, 1/4 or 1/8 scale as long as both sides hold that
    /// scale times twice that size, as Pillow's `draft` (see `ShrinkOnLoad`). `nil` decodes at full size.
    /// Every other format is always decoded at full size.
    public var minimumSize: (@Sendable (_ width: Int, _ height: Int) -> PixelSize)?
    /// Whether a decoder warning fails the decode (the default), libvips' `fail_on=warning`.
    /// For JPEG, a libjpeg warning fails it. libjpeg warns when entropy data
    /// is damaged ("bad Huffman code", "premature end of data segment", or "N extraneous bytes
    /// before marker" once a damaged scan ends early) and keeps going, filling in guesses; JPEG
    /// has no checksum, so these warnings are the only sign of damage. `false` accepts such
    /// images as Pillow and libvips (without `fail`) do, which also accepts the occasional
    /// camera file with stray padding; a cut-off file (libjpeg's "Premature end of JPEG file")
    /// is `.truncated` either way. The same switch governs PNGs that libpng refuses but Pillow
    /// reads: with `false` they are rewritten the way Pillow reads them (`PNGPillowRepair`)
    /// and decoded; with `true` they are refused.
    public var failOnWarnings: Bool
    /// Bytes the image may need (`MemoryBudget.estimate` of the size it is decoded at); more is
    /// refused with `.exceedsMemoryBudget` before pixel memory is allocated.
    public var memoryBudget: Int
    /// Whether the file's ICC profile is read into `DecodedImage.iccProfile`.
    public var readsICCProfile: Bool = false
    /// The EXIF, XMP and IPTC blocks read into `ImageMetadata` (JPEG, PNG and WebP inputs; the
    /// `Exif` and XMP items of HEIF and AVIF, the `Exif` and `xml ` boxes of JPEG XL; a TIFF's
    /// XMP and IPTC, and an EXIF block made from its first directory: `TIFFExifBlock`),
    /// EXIF and XMP made to describe the upright pixels (see `ExifRewriter`); `.icc` here is
    /// ignored (`readsICCProfile` says). None by default: an unread block costs nothing.
    public var readsMetadata: MetadataKeep = []
    /// Whether a CMYK image whose embedded profile is a CMYK profile is converted to sRGB
    /// through it while decoding (`--icc srgb`), rather than with Pillow's naive formula
    /// (`CMYKConversion`). The result then has no `iccProfile`: its pixels are sRGB. A profile
    /// lcms2 cannot use fails the decode (`.colourProfile`).
    public var convertsCMYKToSRGB: Bool = false
    /// The transform from the file's CMYK profile, made by `ImageDecoder` for the decoders.
    var cmykTransform: ColourTransform? = nil
    /// Which frames of an animated GIF, WebP, APNG or AVIF sequence are handed on: `.first` (the default, as
    /// before animations were read) decodes the first frame alone; `.all` hands the rest on,
    /// one at a time, in `DecodedImage.animation`.
    public var frames: FrameSelection = .first
    /// The most frames an animation may have (`--max-frames`); more is `.tooManyFrames`.
    /// `maxPixels` and `memoryBudget` count one frame's canvas, as the frames stream.
    public var maxFrames: Int = DecodeOptions.defaultMaxFrames
    /// 10,000 frames: over 16 minutes at 100 ms a frame, beyond any animation made to be
    /// looked at, yet a bound on the time one input can take.
    public static let defaultMaxFrames = 10_000
    /// Which PNG decoder reads the file: `.automatic` but in tests comparing the two.
    var pngDecodePath: PNGDecodePath = .automatic

    public init(maxPixels: Int = 100_000_000,
                applyOrientation: Bool = true,
                minimumSize: (@Sendable (_ width: Int, _ height: Int) -> PixelSize)? = nil,
                failOnWarnings: Bool = true,
                memoryBudget: Int = MemoryBudget.perImage(imagesInFlight: 1)) {
        self.maxPixels = maxPixels
        self.memoryBudget = memoryBudget
        self.applyOrientation = applyOrientation
        self.minimumSize = minimumSize
        self.failOnWarnings = failOnWarnings
    }
}
