import Foundation

/// The file name an http(s) input is saved under: the last path component of the URL,
/// percent-decoded, then made safe to use as one file name in the output folder.
///
/// Decoding comes first so that an encoded separator (`%2F`) or an encoded `..` cannot slip
/// through; sanitising then replaces what a single name must not contain. The query and
/// fragment never take part (`a.png?size=2` is `a.png`).
package enum URLFileName {
    /// The name used when the URL's path has no usable last component (`https://host/`), as
    /// wget does.
    package static let fallback = "index"

    /// Longest name kept, in UTF-8 bytes (most file systems stop at 255).
    package static let maximumBytes = 200

    package static func name(for url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let encodedPath = components?.percentEncodedPath ?? url.path
        let rawLast = encodedPath.split(separator: "/").last.map(String.init) ?? ""
        let decoded = rawLast.removingPercentEncoding ?? rawLast
        return sanitise(decoded)
    }

    /// One safe file name: path separators, NUL and control characters become `_`; leading
    /// dots are dropped (no `.`, `..` or hidden files); an empty result becomes `fallback`;
    /// an over-long name is shortened, keeping its extension.
    package static func sanitise(_ raw: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            if scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                scalars.append("_")
            } else {
                scalars.append(scalar)
            }
        }
        var name = String(scalars)
        while name.hasPrefix(".") { name.removeFirst() }
        name = name.trimmingSpaces
        if name.isEmpty { return fallback }
        if name.utf8.count > maximumBytes {
            let (stem, ext) = ImageFileName.split(name)
            let suffix = ext.map { "." + $0 } ?? ""
            var shortened = stem
            while !shortened.isEmpty && shortened.utf8.count + suffix.utf8.count > maximumBytes {
                shortened.removeLast()
            }
            name = shortened.isEmpty ? fallback : shortened + (suffix.utf8.count < maximumBytes ? suffix : "")
        }
        return name
    }
}
