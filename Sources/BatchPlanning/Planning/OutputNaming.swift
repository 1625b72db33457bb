import GPUOps
import SystemIO

/// Where an input's output goes: `--output` joined with the input's relative name (its
/// sub-path for folder contents, its base name for files and URLs), with an image extension
/// (any extension of a format read, any case: `.jpg`, `.png`, `.tif`, …) replaced by the one
/// `--format` writes. Any other name
/// keeps its whole name and gets the extension appended (`scan.2021` → `scan.2021.jpg`),
/// so that names differing only after a dot do not collide.
package struct OutputNaming {
    /// The `--output` folder as the user gave it.
    package var folder: String
    /// nil for `--format keep`.
    package var fixedFormat: ImageFormat?

    /// The format written for an input named `relativeName`: the fixed one, or for `keep`
    /// what its extension's format keeps to (PNG for TIFF, GIF and BMP; JPEG for AVIF and
    /// HEIF; itself for the formats written); a name with no known image extension (a URL such as
    /// `https://host/photo?id=3`) gets JPEG, the usual format of photos on the web.
    package func format(for relativeName: String) -> ImageFormat {
        fixedFormat ?? ImageFileName.format(of: ImageFileName.baseName(of: relativeName))?.keepOutputFormat ?? .jpeg
    }

    /// The output path, e.g. `out/2021/IMG_1.jpg` for `2021/IMG_1.JPEG` (jpeg or keep).
    package func outputPath(for relativeName: String) -> String {
        outputPathAndFormat(for: relativeName).path
    }

    /// `outputPath` and `format` at once, reading the name once (planning does this for every
    /// input).
    package func outputPathAndFormat(for relativeName: String) -> (path: String, format: ImageFormat) {
        var components = relativeName.split(separator: "/")
        let fileName = components.popLast().map(String.init) ?? relativeName
        let (stem, ext) = ImageFileName.split(fileName)
        let denoted = ext.flatMap { ImageFileName.format(ofExtension: $0) }
        let format = fixedFormat ?? denoted?.keepOutputFormat ?? .jpeg
        let kept = denoted == nil ? fileName : stem
        var path = folder
        if !path.hasSuffix("/") { path += "/" }
        for component in components {
            path += component
            path += "/"
        }
        path += kept
        path += "."
        path += format.fileExtension
        return (path, format)
    }
}
