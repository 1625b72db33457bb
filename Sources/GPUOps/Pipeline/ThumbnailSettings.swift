import Foundation
import ImageCodecs
import ImageEffects
import ImageMaths
/// What the pipeline does to every image of a batch: the options of `gpuglitch process`
/// that shape the output (docs/SPEC.md §3, §4, §7).
public struct ThumbnailSettings: Sendable, Equatable {
    /// The boxes every image is fitted to, one output each, all from one decode: `N` is the
    /// square (cover) or the longer side (contain), `WxH` a box, `Wx` and `xH` one side with
    /// the other following the aspect ratio (docs/SPEC.md §3). A batch
    /// item has one output path per entry, in this order.
    public var sizes: [ThumbnailSize] = [ThumbnailSize(side: 512)!]
    /// Whether a box may scale a picture up; false (`--no-enlarge`) scales such a picture by
    /// 1 instead (contain keeps its size, cover cuts at most the box).
    public var enlarges = true
    public var fit: FitMode = .cover
    /// What `FitMode.pad` fills the rest of the box with, and what transparent images are
    /// flattened onto (`--background`).
    public var background: BackgroundColor = .black
    /// Whether transparent outputs are flattened onto `background` whatever their format
    /// (`--flatten`). Outputs in a format without alpha (JPEG) always are, so that a pixel
    /// shows what it showed over that colour rather than the colour stored under its alpha.
    public var flattensAlpha = false
    public var gravity: Gravity = .centre
    public var filter: ResampleFilter = .lanczos
    /// Effects applied after the scale and crop, in order, before the glitch (`--effect`).
    public var effects: [ImageEffect] = []
    /// The glitch to apply; nil means scale and crop only (`--no-glitch`).
    public var glitch: GlitchParameters? = GlitchParameters()
    /// JPEG, lossy WebP, AVIF and lossy JPEG XL quality, 1...100.
    public var quality: Int = 90
    /// WebP and JPEG XL outputs without loss (`--lossless`).
    public var webpLossless = false
    /// Encoder effort, more is slower and smaller (`--effort`; `EncodeOptions.effort`); nil is
    /// each format's default.
    public var effort: Int?
    /// How hard PNG outputs are compressed (`--png-compression`); the pixels are the same.
    public var pngCompression: PNGCompression = .standard
    /// How JPEG outputs are coded (`--jpeg-progressive`, `--jpeg-subsampling`,
    /// `--jpeg-optimize`); the defaults write today's baseline 4:2:0 files.
    public var jpeg = JPEGEncoding()
    /// Decode JPEGs at 1/2, 1/4 or 1/8 scale when that still leaves ≥ 2× for the resampler.
    public var shrinkOnLoad: Bool = true
    /// Inputs with more pixels are refused before anything is allocated; an animation's
    /// canvas (one frame) is what counts.
    public var maxPixels: Int = 100_000_000
    /// Which frames of an animated GIF, WebP, APNG or AVIF are written (`--frames`): `.all`, the default,
    /// streams every frame through the steps into an output that animates (WebP), one frame at a
    /// time; an output that cannot animate (JPEG, PNG, AVIF, JPEG XL) gets the first frame, and
    /// the image's record says so. `.first` writes the first frame alone everywhere.
    public var frames: FrameSelection = .all
    /// The most frames an animated input may have (`--max-frames`); more fails the image.
    public var maxFrames: Int = DecodeOptions.defaultMaxFrames
    /// A glitch loop made from each input's first frame (`--animate N`, `--frame-time`), or nil.
    public var glitchLoop: GlitchLoop?
    /// The input's metadata blocks the outputs carry (`--keep`; `--icc strip` and `--icc srgb`
    /// leave the profile out): the ICC profile alone by default. EXIF kept is rewritten to
    /// describe the output (orientation, size, no embedded thumbnail).
    public var keep: MetadataKeep = .icc
    /// Whether images are converted from their ICC profile to sRGB after the scale and crop
    /// (`--icc srgb`; CMYK through a CMYK profile at decode); the output then carries none.
    public var convertsToSRGB = false
    /// Seconds a URL input's whole download may take (`--download-timeout`).
    public var downloadTimeout: Double = 120
    /// Bytes a URL input may have (`--download-max-bytes`).
    public var downloadMaxBytes: Int = 256 << 20
    /// Bytes one image may need while decoded (see `MemoryBudget`); the batch runner's default
    /// shares half the usable memory among the images in flight.
    public var memoryBudgetPerImage: Int = MemoryBudget.perImage(imagesInFlight: ProcessInfo.processInfo.activeProcessorCount)
    /// Apply the EXIF orientation of JPEGs.
    public var applyOrientation: Bool = true
    /// Fail an image on any decoder warning (`--fail-on warning`): a JPEG libjpeg recovers
    /// from, a PNG libpng refuses but Pillow reads. False, the default, accepts what Pillow 13
    /// reads, with its pixels. A cut-off file fails either way, as in Pillow.
    public var failOnWarnings: Bool = false
    /// Where JPEGs are decoded (`--decode`): on a GPU from their coefficients by default, by
    /// libjpeg-turbo on the host otherwise; the same bytes either way.
    public var decode: DecodeMode = .auto

    public init() {}
}
