import ArgumentParser
import GPUOps
import SystemIO

/// The options that shape every output image (docs/SPEC.md §3, §4, §7). A group of its own so
/// that another subcommand (e.g. `bench`) can take the same options with `@OptionGroup`.
struct ThumbnailOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Sizes, comma-separated, one output each from one decode: N (the square for cover, the longer side for contain), WxH (a box: cover fills it and crops, contain fits inside it, pad fits inside it and fills the rest with --background), Wx (width only) or xH (height only: the other side follows the aspect ratio, whatever --fit).",
        valueName: "N|WxH|Wx|xH,..."))
    var size: String = "512"

    @Option(help: "How the image fills the size: cover (crop to the box), contain, or pad (contain, then centred on --background to fill the box exactly, as Pillow's ImageOps.pad).")
    var fit: FitArgument = .cover

    @Option(help: ArgumentHelp("The colour --fit pad fills the rest of the box with, and transparent images are flattened onto for JPEG output (and any output with --flatten), as Pillow's alpha_composite over it: #rrggbb (opaque) or #rrggbbaa.",
                               valueName: "#rrggbb[aa]"))
    var background: String = BackgroundColor.black.description

    @Flag(help: "Flatten transparent images onto --background whatever the output format (JPEG outputs always are).")
    var flatten = false

    @Flag(name: .customLong("no-enlarge"),
          help: "Never scale up: a size larger than the image writes it at its own size (contain) or crops at most the box from it unscaled (cover).")
    var noEnlarge = false

    @Option(help: "Crop anchor for cover (center is accepted for centre); attention and entropy choose the window from the resized pixels, as libvips' smartcrop.")
    var gravity: GravityArgument = .centre

    @Option(help: "Resampling filter (Pillow's, exactly).")
    var filter: FilterArgument = .lanczos

    @Option(name: .customLong("effect"), help: ArgumentHelp(
        "An effect after the scale and crop, before the glitch; repeatable, applied in the order given: sepia[:black=#RRGGBB,mid=#RRGGBB,white=#RRGGBB], tilt-shift[:radius=R,centre=C,band=B,fade=F] or sharpen[:radius=R,percent=P,threshold=T] (Pillow's UnsharpMask, default 2,150,3).",
        valueName: "name[:k=v,...]"))
    var effects: [String] = []

    @Option(help: ArgumentHelp(
        "Glitch settings, key=value,...: seed, shift, edge (clamp|wrap), scanlines, thickness, strength, tears, tear-shift, tear-height; e.g. seed=7,shift=10,edge=wrap,tears=8.",
        valueName: "spec"))
    var glitch: String?

    @Flag(name: .customLong("no-glitch"), help: "Scale and crop only.")
    var noGlitch = false

    @Option(help: "Output format; keep writes each image in its input's format (jpg is accepted for jpeg).")
    var format: FormatArgument = .keep

    @Option(help: ArgumentHelp("JPEG, lossy WebP, AVIF and lossy JPEG XL quality, 1...100 (AVIF as Pillow's quality=, JPEG XL as cjxl -q).",
                               valueName: "1...100"))
    var quality: Int = 90

    @Flag(help: "WebP or JPEG XL output without loss: every pixel as in the PNG output (with --format webp or jxl, or keep for WebP and JPEG XL inputs).")
    var lossless = false

    @Option(help: ArgumentHelp("Encoder effort, more is slower and smaller: WebP 0...6 (default 4, libwebp's method; lossless WebP keeps every pixel at any effort), AVIF 0...10 (default 4, libavif speed 10-effort), JPEG XL 1...9 (default 7, as cjxl -e).",
                               valueName: "N"))
    var effort: Int?

    @Option(help: "PNG compression: fast (larger files), standard (about Pillow's size) or smallest (slowest); same pixels.")
    var pngCompression: PNGCompressionArgument = .standard

    @Flag(help: "Progressive JPEG output (as Pillow's progressive=True); same pixels, usually a smaller file.")
    var jpegProgressive = false

    @Option(help: ArgumentHelp("JPEG chroma subsampling: 4:2:0 (the default, smallest), 4:2:2, or 4:4:4 (full colour resolution, for graphics and text).",
                               valueName: "4:4:4|4:2:2|4:2:0"))
    var jpegSubsampling: JPEGSubsamplingArgument = .s420

    @Flag(help: "Optimised Huffman tables in JPEG output (as Pillow's optimize=True); same pixels, a smaller file.")
    var jpegOptimize = false

    @Flag(inversion: .prefixedNo,
          help: "JPEG DCT-domain downscale while decoding (leaves at least 2x for the resampler); off gives output identical to Pillow.")
    var shrinkOnLoad = true

    @Flag(inversion: .prefixedNo, help: "Apply the EXIF orientation of JPEG inputs.")
    var orientation = true

    @Option(help: ArgumentHelp("Refuse inputs with more pixels, before allocating (an animation's canvas: one frame).", valueName: "N"))
    var maxPixels: Int = 100_000_000

    @OptionGroup var animation: AnimationOptions

    /// The largest `--max-pixels`: a gigapixel (4 GB as RGBA). Beyond it no photograph is
    /// plausible, and the memory budget would refuse it anyway on most machines.
    static let maxPixelsCeiling = 1_000_000_000

    @Option(help: ArgumentHelp("Embed the input's ICC colour profile in the output (keep, the default, when --keep includes icc), or not (strip), or convert the image from it to sRGB (srgb).",
                               valueName: "keep|strip|srgb"))
    var icc: ICCArgument?

    @Option(help: ArgumentHelp(
        "Metadata the outputs carry, comma-separated: icc (the default: the colour profile alone), exif, xmp, iptc (JPEG outputs only), all, or none. Kept EXIF and XMP describe the output: orientation 1 when the pixels were turned, the output's size, no embedded thumbnail; read from JPEG, PNG, WebP, TIFF, HEIF, AVIF and JPEG XL inputs, written into JPEG, PNG, WebP, AVIF and JPEG XL outputs; a block that cannot be read is dropped with a warning (in the report and on stderr).",
        valueName: "none|icc|exif|xmp|iptc|all,..."))
    var keep: String = "icc"

    @Option(help: ArgumentHelp("Seconds a URL input's whole download may take (besides 30 s without data).",
                               valueName: "seconds"))
    var downloadTimeout: Double = 120

    @Option(help: ArgumentHelp("Largest URL input in bytes: refused at its Content-Length, aborted while streaming past it.",
                               valueName: "N"))
    var downloadMaxBytes: Int = 256 << 20

    @Option(help: ArgumentHelp(
        "error: accept every file Pillow 13 accepts, JPEGs whose damage libjpeg recovers with a warning included; a JPEG whose data runs out before libjpeg has every row fails as truncated, as in Pillow (usually any cut, even of the end marker alone); warning: also refuse those.",
        valueName: "error|warning"))
    var failOn: FailOnArgument = .error

    /// The former name of the default, `--fail-on error`; kept so that scripts keep working.
    @Flag(help: ArgumentHelp("Same as --fail-on error (the default).", visibility: .hidden))
    var lenientJpeg = false

    mutating func validate() throws {
        _ = try sizes()
        guard (1...100).contains(quality) else {
            throw ValidationError("--quality must be 1...100 (got \(quality))")
        }
        _ = try backgroundColor()
        guard downloadTimeout > 0, downloadTimeout.isFinite else {
            throw ValidationError("--download-timeout must be more than 0 seconds (got \(downloadTimeout))")
        }
        guard downloadMaxBytes >= 1 else {
            throw ValidationError("--download-max-bytes must be at least 1 (got \(downloadMaxBytes))")
        }
        guard (1...Self.maxPixelsCeiling).contains(maxPixels) else {
            throw ValidationError("--max-pixels must be 1...\(Self.maxPixelsCeiling) (got \(maxPixels))")
        }
        if lossless && !(format == .webp || format == .jxl || format == .keep) {
            throw ValidationError("--lossless goes with --format webp or jxl (or keep, for WebP and JPEG XL inputs)")
        }
        if let effort { try Self.check(effort: effort, for: format) }
        if lenientJpeg && failOn == .warning {
            throw ValidationError("--lenient-jpeg and --fail-on warning cannot be used together")
        }
        if glitch != nil && noGlitch {
            throw ValidationError("--glitch and --no-glitch cannot be used together")
        }
        _ = try glitchParameters()
        _ = try imageEffects()
        _ = try metadataKeep()
        try animation.check(format: format.fixedFormat, glitches: !noGlitch)
    }

    /// The `--keep` list with `--icc`: `strip` and `srgb` leave the profile out; an explicit
    /// `--icc keep` with a `--keep` list without the profile contradicts it.
    func metadataKeep() throws(ValidationError) -> MetadataKeep {
        var kept: MetadataKeep
        do {
            kept = try MetadataKeep(list: keep)
        } catch {
            throw ValidationError("--keep: \(error.description) (got '\(keep)')")
        }
        switch icc {
        case .keep? where !kept.contains(.icc):
            throw ValidationError("--icc keep needs icc in --keep (got '\(keep)')")
        case .strip?, .srgb?:
            kept.remove(.icc)
        case .keep?, nil:
            break
        }
        return kept
    }

    /// The `--size` entries, parsed, in order. JPEG and our pipeline both stop at 65535 pixels
    /// a side; an entry given twice would write one output twice.
    func sizes() throws(ValidationError) -> [ThumbnailSize] {
        do {
            return try ThumbnailSize.list(size)
        } catch {
            switch error {
            case .emptyEntry: throw ValidationError("--size has an empty entry (got '\(size)')")
            case .badEntry(let entry):
                throw ValidationError("--size entries are N, WxH, Wx or xH with sides 1...65535 (got '\(entry)')")
            case .repeated(let entry): throw ValidationError("--size names \(entry) twice")
            }
        }
    }

    /// The `--background` colour, parsed.
    func backgroundColor() throws(ValidationError) -> BackgroundColor {
        guard let color = BackgroundColor(hex: background) else {
            throw ValidationError("--background must be #rrggbb or #rrggbbaa (got '\(background)')")
        }
        return color
    }

    /// The `--effect` values, parsed, in order.
    func imageEffects() throws(ValidationError) -> [ImageEffect] {
        var parsed: [ImageEffect] = []
        for spec in effects {
            do {
                parsed.append(try ImageEffect(spec: spec))
            } catch {
                throw ValidationError("--effect \(spec): \(error.description)")
            }
        }
        return parsed
    }

    /// The glitch to apply: nil for `--no-glitch`, the defaults when `--glitch` is absent.
    func glitchParameters() throws(ValidationError) -> GlitchParameters? {
        if noGlitch { return nil }
        guard let glitch else { return GlitchParameters() }
        do {
            return try GlitchSpec.parse(glitch)
        } catch {
            throw ValidationError("--glitch: \(error.description)")
        }
    }

    /// The library settings these options describe. Call after validation.
    func settings() throws(ValidationError) -> ThumbnailSettings {
        var s = ThumbnailSettings()
        s.sizes = try sizes()
        s.enlarges = !noEnlarge
        s.fit = fit.mode
        s.background = try backgroundColor()
        s.flattensAlpha = flatten
        s.gravity = gravity.gravity
        s.filter = filter.filter
        s.glitch = try glitchParameters()
        s.effects = try imageEffects()
        s.quality = quality
        s.webpLossless = lossless
        s.effort = effort
        s.pngCompression = pngCompression.compression
        s.jpeg = JPEGEncoding(progressive: jpegProgressive, subsampling: jpegSubsampling.subsampling,
                              optimizesHuffmanTables: jpegOptimize)
        s.shrinkOnLoad = shrinkOnLoad
        s.maxPixels = maxPixels
        s.applyOrientation = orientation
        s.failOnWarnings = failOn == .warning
        s.keep = try metadataKeep()
        s.convertsToSRGB = icc == .srgb
        s.downloadTimeout = downloadTimeout
        s.downloadMaxBytes = downloadMaxBytes
        animation.apply(to: &s)
        return s
    }
}

extension ThumbnailOptions {
    /// `--effort N` against what the output format takes (`ImageFormat.efforts`). With
    /// `--format keep` it must suit every format keep writes that has an effort (WebP, AVIF
    /// and JPEG XL inputs), so one number means the same to all of them.
    static func check(effort: Int, for format: FormatArgument) throws(ValidationError) {
        let formats = format.fixedFormat.map { [$0] }
            ?? ImageFormat.allCases.filter { $0.keepOutputFormat == $0 && $0.efforts != nil }
        let ranges = formats.compactMap { format in format.efforts.map { (format, $0) } }
        guard !ranges.isEmpty else {
            throw ValidationError("--effort goes with --format webp, avif or jxl (or keep, for WebP, AVIF and JPEG XL inputs)")
        }
        let lower = ranges.map(\.1.lowerBound).max()!, upper = ranges.map(\.1.upperBound).min()!
        guard (lower...upper).contains(effort) else {
            let names = ranges.map { "\($0.0.displayName) \($0.1.lowerBound)...\($0.1.upperBound)" }.joined(separator: ", ")
            throw ValidationError(format == .keep
                ? "--effort must be \(lower)...\(upper) with --format keep (\(names)) (got \(effort))"
                : "--effort must be \(lower)...\(upper) for \(ranges[0].0.displayName) (got \(effort))")
        }
    }
}
