/// The one list of image formats: for each, its names, the file extensions a folder scan takes,
/// how its first bytes are recognised, what `--format keep` writes for it, and its decoder.
///
/// `ImageDecoder` sniffs, reads headers and decodes through this list (PNG, JPEG and WebP keep
/// their own paths there), `ICCProfile.read` finds profiles through it, and the command line
/// takes its folder-scan extensions and messages from it, so a new format is one folder under
/// `Formats/` and one entry here. Detection is by content only; extensions serve folder scans
/// and output names.
public enum ImageFormatRegistry {
    /// One format's facts.
    struct Entry: Sendable {
        let format: ImageFormat
        /// "PNG", "GIF", ...
        let displayName: String
        /// Lowercased, without the dot; the first is the one written.
        let extensions: [String]
        let isWritable: Bool
        /// What `--format keep` writes for this input.
        let keepOutput: ImageFormat
        /// Whether `bytes` is this format (`.truncatedSignature` when it ends inside the signature).
        let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult
        /// The decoder; nil for the formats `ImageDecoder` decodes itself (PNG, JPEG, WebP).
        let codec: (any ImageFormatCodec.Type)?
    }

    /// Sniffed in this order (WebP's RIFF test first, as before). Every `ImageFormat` case has
    /// exactly one entry.
    static let entries: [Entry] = [
        Entry(format: .webp, displayName: "WebP", extensions: ["webp"], isWritable: true, keepOutput: .webp,
              sniff: { ImageFormat.isWebP($0) ? .format(.webp) : .unrecognised }, codec: nil),
        Entry(format: .png, displayName: "PNG", extensions: ["png"], isWritable: true, keepOutput: .png,
              sniff: { ImageFormat.png.matchPrefix(ImageFormat.pngSignature, of: $0) }, codec: nil),
        Entry(format: .jpeg, displayName: "JPEG", extensions: ["jpg", "jpeg"], isWritable: true, keepOutput: .jpeg,
              sniff: { ImageFormat.jpeg.matchPrefix(ImageFormat.jpegSignature, of: $0) }, codec: nil),
        Entry(format: .tiff, displayName: "TIFF", extensions: ["tif", "tiff"], isWritable: false, keepOutput: .png,
              sniff: TIFFCodec.sniff, codec: TIFFCodec.self),
        Entry(format: .gif, displayName: "GIF", extensions: ["gif"], isWritable: false, keepOutput: .png,
              sniff: GIFCodec.sniff, codec: GIFCodec.self),
        Entry(format: .bmp, displayName: "BMP", extensions: ["bmp"], isWritable: false, keepOutput: .png,
              sniff: BMPCodec.sniff, codec: BMPCodec.self),
        Entry(format: .avif, displayName: "AVIF", extensions: ["avif"], isWritable: false, keepOutput: .jpeg,
              sniff: AVIFCodec.sniff, codec: AVIFCodec.self),
        Entry(format: .heif, displayName: "HEIF", extensions: ["heic", "heif"], isWritable: false, keepOutput: .jpeg,
              sniff: HEIFCodec.sniff, codec: HEIFCodec.self),
    ]

    static func entry(for format: ImageFormat) -> Entry {
        // Every case has an entry (checked by the registry tests); PNG's stands in otherwise.
        entries.first { $0.format == format } ?? entries[1]
    }

    /// The formats read, in the registry's order.
    public static var readableFormats: [ImageFormat] { entries.map(\.format) }

    /// Every extension (lowercased, without the dot) a folder scan takes, in any letter case:
    /// `webp png jpg jpeg tif tiff gif bmp avif heic heif`.
    public static var inputExtensions: [String] { entries.flatMap(\.extensions) }

    /// The format an extension (without the dot, any letter case) usually holds, or nil. It
    /// names the input for `--format keep` and folder scans; decoding never trusts it.
    public static func format(ofExtension ext: String) -> ImageFormat? {
        let lower = ext.lowercased()
        return entries.first { $0.extensions.contains(lower) }?.format
    }

    /// "PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF or HEIF": every format read, for messages.
    public static var formatNames: String {
        let names = entries.sorted { $0.format.order < $1.format.order }.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// ".png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic or .heif": every extension a folder scan takes, for messages.
    public static var extensionNames: String {
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

    /// The decoder for the format `bytes` is in, when it is one of the registry's codecs.
    static func codec(of bytes: UnsafeRawBufferPointer) -> (any ImageFormatCodec.Type)? {
        guard case .format(let format) = sniff(bytes) else { return nil }
        return entry(for: format).codec
    }
}

extension ImageFormat {
    /// Position in messages: the declaration order (PNG, JPEG, WebP first, as before).
    fileprivate var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
