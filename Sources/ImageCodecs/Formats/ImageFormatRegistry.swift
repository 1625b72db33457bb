/// The one list of image formats, libvips' `foreign.c` list: for each, its names, the file
/// extensions a folder scan takes, how its first bytes are recognised, what `--format keep`
/// writes for it, its loader and (for the formats written) its saver.
///
/// `ImageDecoder`, `ImageEncoder` and `ICCProfile.read` dispatch through this list only, and
/// the command line takes its folder-scan extensions and messages from it. A format is a folder
/// under `Formats/` (its loader, saver and `Entry`), one line in `entries` and one case in
/// `entry(for:)`, which the compiler checks covers every `ImageFormat`. Detection is by content
/// only; extensions serve folder scans and output names.
package enum ImageFormatRegistry {
    /// One format's facts.
    struct Entry: Sendable {
        let format: ImageFormat
        /// "PNG", "GIF", ...
        let displayName: String
        /// Lowercased, without the dot; the first is the one written.
        let extensions: [String]
        /// What `--format keep` writes for this input.
        let keepOutput: ImageFormat
        /// Whether `bytes` is this format (`.truncatedSignature` when it ends inside the signature).
        let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult
        /// Reads a file of this format.
        let loader: any ImageLoader.Type
        /// Writes one; nil for the formats only read.
        let saver: (any ImageSaver.Type)?

        var isWritable: Bool { saver != nil }
    }

    /// Sniffed in this order (WebP's RIFF test first, as before). Every `ImageFormat` case has
    /// exactly one entry (`entry(for:)` names each).
    static let entries: [Entry] = [.webp, .png, .jpeg, .tiff, .gif, .bmp, .avif, .heif, .jxl]

    /// The entry of `format`: total, one case per format.
    static func entry(for format: ImageFormat) -> Entry {
        switch format {
        case .png: .png
        case .jpeg: .jpeg
        case .webp: .webp
        case .tiff: .tiff
        case .gif: .gif
        case .bmp: .bmp
        case .avif: .avif
        case .heif: .heif
        case .jxl: .jxl
        }
    }

    /// The formats read, in the registry's order.
    package static var readableFormats: [ImageFormat] { entries.map(\.format) }

    /// Every extension (lowercased, without the dot) a folder scan takes, in any letter case:
    /// `webp png jpg jpeg tif tiff gif bmp avif heic heif jxl`.
    package static var inputExtensions: [String] { entries.flatMap(\.extensions) }

    /// The format an extension (without the dot, any letter case) usually holds, or nil. It
    /// names the input for `--format keep` and folder scans; decoding never trusts it.
    package static func format(ofExtension ext: String) -> ImageFormat? {
        let lower = ext.lowercased()
        return entries.first { $0.extensions.contains(lower) }?.format
    }

    /// "PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIF or JPEG XL": every format read, for messages.
    package static var formatNames: String {
        let names = entries.sorted { $0.format.order < $1.format.order }.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// ".png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl": every extension a folder scan takes, for messages.
    package static var extensionNames: String {
        let names = entries.sorted { $0.format.order < $1.format.order }.flatMap(\.extensions).map { "." + $0 }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat.SniffResult {
        var truncated = false
        for entry in entries {
            switch entry.sniff(bytes) {
            case .format(let format): return .format(format)
            case .truncatedSignature: truncated = true
            case .unrecognised: break
            }
        }
        return truncated ? .truncatedSignature : .unrecognised
    }
}

extension ImageFormat {
    /// Position in messages: the declaration order (PNG, JPEG, WebP first, as before).
    fileprivate var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
