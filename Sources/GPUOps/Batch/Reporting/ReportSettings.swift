import SystemIO

/// The settings a batch ran with, as the report records them.
package struct ReportSettings: Codable, Equatable {
    /// The one size, when the batch has a single `N` entry (as every report before size lists).
    package var size: Int?
    /// The size entries as written (`512`, `640x480`, `800x`), when there is more than one or a box;
    /// absent otherwise.
    package var sizes: [String]?
    /// `false` for `--no-enlarge`; absent otherwise.
    package var enlarges: Bool?
    package var fit: String
    package var gravity: String
    package var filter: String
    /// The `--effect`s in order, every parameter spelled out (absent in reports of versions
    /// without effects).
    package var effects: [String]?
    /// Absent for `--no-glitch`. Size-dependent values left to their defaults are absent.
    package var glitch: GlitchParameters?
    package var format: String
    package var quality: Int
    /// `--lossless` (WebP); absent in reports of earlier versions.
    package var lossless: Bool?
    package var shrinkOnLoad: Bool
    package var applyOrientation: Bool
    package var maxPixels: Int
    package var lenientJPEG: Bool
    /// `--fail-on`: `error` or `warning` (absent in reports of earlier versions).
    package var failOn: String?
    package var jobs: Int
    /// `--icc`: `keep`, `strip` or `srgb` (absent in reports of earlier versions).
    package var icc: String?
    /// `--png-compression`: `fast`, `standard` or `smallest` (absent in reports of earlier
    /// versions).
    package var pngCompression: String?
    /// `--background` (`#rrggbb` or `#rrggbbaa`), when something uses it: `--fit pad`,
    /// `--flatten`, or JPEG output (flattened onto it).
    package var background: String?
    /// `--flatten`; absent when off.
    package var flatten: Bool?
    /// `--jpeg-progressive`, `--jpeg-subsampling` and `--jpeg-optimize`, and `--effort`;
    /// absent in reports of earlier versions.
    package var jpegProgressive: Bool?
    package var jpegSubsampling: String?
    package var jpegOptimize: Bool?
    package var effort: Int?
    /// `--keep`: the metadata blocks kept, as `MetadataKeep.listDescription` writes them (the
    /// profile left out by `--icc strip|srgb`); absent in reports of earlier versions.
    package var keep: String?

    /// `--frames` (`all` or `first`) and `--max-frames`; absent in reports made before animations were read.
    package var frames: String?
    package var maxFrames: Int?
    /// `--animate` and `--frame-time` (ms), when a glitch loop was made.
    package var animate: Int?
    package var frameTime: Int?

    package init(_ settings: ThumbnailSettings, format: String, jobs: Int) {
        if settings.sizes.count == 1, let only = settings.sizes.first, only.isSquare {
            size = only.width
        } else {
            sizes = settings.sizes.map(\.description)
        }
        enlarges = settings.enlarges ? nil : false
        fit = settings.fit.rawValue
        gravity = settings.gravity.rawValue
        filter = settings.filter.rawValue
        effects = settings.effects.map(\.description)
        glitch = settings.glitch
        self.format = format
        quality = settings.quality
        lossless = settings.webpLossless
        shrinkOnLoad = settings.shrinkOnLoad
        applyOrientation = settings.applyOrientation
        maxPixels = settings.maxPixels
        lenientJPEG = !settings.failOnWarnings
        failOn = settings.failOnWarnings ? "warning" : "error"
        self.jobs = jobs
        icc = settings.convertsToSRGB ? "srgb" : settings.keep.contains(.icc) ? "keep" : "strip"
        pngCompression = settings.pngCompression.rawValue
        background = settings.fit == .pad || settings.flattensAlpha || format == "jpeg" ? settings.background.description : nil
        flatten = settings.flattensAlpha ? true : nil
        jpegProgressive = settings.jpeg.progressive
        jpegSubsampling = settings.jpeg.subsampling.rawValue
        jpegOptimize = settings.jpeg.optimizesHuffmanTables
        effort = settings.effort
        keep = settings.keep.listDescription
        frames = settings.frames.rawValue
        maxFrames = settings.maxFrames
        animate = settings.glitchLoop?.frames
        frameTime = settings.glitchLoop.map { Int($0.frameTime.components.seconds) * 1000
            + Int($0.frameTime.components.attoseconds / 1_000_000_000_000_000) }
    }
}
