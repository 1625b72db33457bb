import ImageCodecs
import SystemIO

/// File-name rules for images: which names a folder scan picks up, and what format a name
/// implies for `--format keep`.
package enum ImageFileName {
    /// Extensions (lowercased) a folder scan accepts, in any letter case: those of every
    /// format the codecs read (`ImageFormatRegistry`).
    package static let imageExtensions = Set(ImageFormatRegistry.inputExtensions)

    /// Splits a file name into stem and extension at the last dot. A leading dot does not
    /// start an extension (`.png` is a stem with no extension, as for a hidden file).
    package static func split(_ name: String) -> (stem: String, extension: String?) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return (name, nil)
        }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// Whether a folder scan takes this file name.
    package static func isImageName(_ name: String) -> Bool {
        guard let ext = split(name).extension else { return false }
        return imageExtensions.contains(ext.lowercased())
    }

    /// The input format a name's extension denotes (`.png` → png, `.jpg`/`.jpeg` → jpeg,
    /// `.tif` → tiff, …, any case), or nil for any other name.
    package static func format(of name: String) -> ImageFormat? {
        split(name).extension.flatMap(format(ofExtension:))
    }

    /// The input format an extension (without the dot, any case) denotes, or nil.
    package static func format(ofExtension ext: String) -> ImageFormat? {
        ImageFormatRegistry.format(ofExtension: ext)
    }

    /// The last component of a path (`a/b/c.png` → `c.png`), ignoring trailing slashes.
    package static func baseName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
