import GPUOps

/// The settings a batch ran with, as the report records them.
struct ReportSettings: Codable, Equatable {
    var size: Int
    var fit: String
    var gravity: String
    var filter: String
    /// The `--effect`s in order, every parameter spelled out (absent in reports of versions
    /// without effects).
    var effects: [String]?
    /// Absent for `--no-glitch`. Size-dependent values left to their defaults are absent.
    var glitch: GlitchParameters?
    var format: String
    var quality: Int
    /// `--lossless` (WebP); absent in reports of earlier versions.
    var lossless: Bool?
    var shrinkOnLoad: Bool
    var applyOrientation: Bool
    var maxPixels: Int
    var lenientJPEG: Bool
    /// `--fail-on`: `error` or `warning` (absent in reports of earlier versions).
    var failOn: String?
    var jobs: Int

    init(_ settings: ThumbnailSettings, format: FormatArgument, jobs: Int) {
        size = settings.size
        fit = settings.fit.rawValue
        gravity = settings.gravity.rawValue
        filter = settings.filter.rawValue
        effects = settings.effects.map(\.description)
        glitch = settings.glitch
        self.format = format.rawValue
        quality = settings.quality
        lossless = settings.webpLossless
        shrinkOnLoad = settings.shrinkOnLoad
        applyOrientation = settings.applyOrientation
        maxPixels = settings.maxPixels
        lenientJPEG = !settings.failOnWarnings
        failOn = settings.failOnWarnings ? "warning" : "error"
        self.jobs = jobs
    }
}
