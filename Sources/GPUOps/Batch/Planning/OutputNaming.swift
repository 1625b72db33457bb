import SystemIO

/// Where an input's outputs go: `--output` joined with the template (`OutputTemplate`) filled
/// in from the input's relative name (its sub-path for folder contents, its base name for
/// files and URLs). `{stem}` is the file name with an image extension (any extension of a format read, any
/// case: `.jpg`, `.png`, `.tif`, …) taken off; any other name keeps its whole name
/// (`scan.2021` → `scan.2021.jpg`), so that names differing only after a dot do not collide.
package struct OutputNaming {
    /// The `--output` folder as the user gave it.
    package var folder: String
    /// nil for `--format keep`.
    package var fixedFormat: ImageFormat?
    /// The size entries, one output each, in order.
    package var sizes: [ThumbnailSize] = [ThumbnailSize(side: 512)!]
    /// nil: the default for the number of sizes (`OutputTemplate.standard(forSizes:)`).
    package var template: OutputTemplate?
    /// The fit and enlarging of the batch: what fixes `{width}` and `{height}`.
    package var fit: FitMode
    package var enlarges: Bool

    package init(folder: String, fixedFormat: ImageFormat?, sizes: [ThumbnailSize] = [ThumbnailSize(side: 512)!],
                 template: OutputTemplate? = nil, fit: FitMode = .cover, enlarges: Bool = true) {
        self.folder = folder
        self.fixedFormat = fixedFormat
        self.sizes = sizes
        self.template = template
        self.fit = fit
        self.enlarges = enlarges
    }

    /// The format written for an input named `relativeName`: the fixed one, or for `keep`
    /// what its extension's format keeps to (itself for the formats written; PNG for TIFF and
    /// BMP, JPEG for HEIF); a name with no known image extension (a URL such as
    /// `https://host/photo?id=3`) gets JPEG, the usual format of photos on the web.
    package func format(for relativeName: String) -> ImageFormat {
        fixedFormat ?? ImageFileName.format(of: ImageFileName.baseName(of: relativeName))?.keepOutputFormat ?? .jpeg
    }

    /// The first output path, e.g. `out/2021/IMG_1.jpg` for `2021/IMG_1.JPEG` (jpeg or keep).
    package func outputPath(for relativeName: String) -> String {
        outputPathsAndFormat(for: relativeName).paths[0]
    }

    /// Every output path, one per size entry, and the format, reading the name once
    /// (planning does this for every input).
    package func outputPathsAndFormat(for relativeName: String) -> (paths: [String], format: ImageFormat) {
        var components = relativeName.split(separator: "/")
        let fileName = components.popLast().map(String.init) ?? relativeName
        let (stem, ext) = ImageFileName.split(fileName)
        let denoted = ext.flatMap { ImageFileName.format(ofExtension: $0) }
        let format = fixedFormat ?? denoted?.keepOutputFormat ?? .jpeg
        let kept = denoted == nil ? fileName : stem
        let dir = components.joined(separator: "/")
        var base = folder
        if !base.hasSuffix("/") { base += "/" }
        let template = self.template ?? .standard(forSizes: sizes.count)
        let paths = sizes.map { size in
            let sides = size.fixedOutputSides(fit: fit, enlarges: enlarges)
            return base + template.path(dir: dir, stem: kept, ext: format.fileExtension, size: size.description,
                                        width: sides.width, height: sides.height)
        }
        return (paths, format)
    }
}
