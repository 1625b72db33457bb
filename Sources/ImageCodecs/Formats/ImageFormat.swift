/// The file formats the codecs read; PNG, JPEG, WebP, AVIF, JPEG XL and GIF are also written
/// (`isWritable`).
///
/// A file's format is always found from its first bytes (its signature), never from its name:
/// a PNG saved as `photo.jpg` decodes as a PNG, and a text file named `.jpg` is refused.
/// What each format is (names, extensions, signature, decoder) lives in `ImageFormatRegistry`.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png
    case jpeg
    case webp
    case tiff
    case gif
    case bmp
    case avif
    case heif
    case jxl

    /// The usual file extension, without the dot.
    public var fileExtension: String { ImageFormatRegistry.entry(for: self).extensions[0] }

    /// Whether `ImageEncoder` writes this format (PNG, JPEG, WebP, AVIF, JPEG XL, GIF); the others
    /// are inputs only.
    public var isWritable: Bool { ImageFormatRegistry.entry(for: self).isWritable }

    /// The encoder efforts (`EncodeOptions.effort`) this format takes: WebP 0...6, AVIF 0...10,
    /// JPEG XL 1...9; nil for a format without one or not written.
    public var efforts: ClosedRange<Int>? { ImageFormatRegistry.entry(for: self).saver?.efforts }

    /// The format `--format keep` writes for an input of this format: `ImageFormatRegistry`'s
    /// choice: itself for every format written (PNG, JPEG, WebP, GIF, AVIF, JPEG XL); for the
    /// formats only read, PNG for TIFF and BMP, whose pictures are lossless, and JPEG for the
    /// photographic HEIF.
    package var keepOutputFormat: ImageFormat { ImageFormatRegistry.entry(for: self).keepOutput }

    /// Whether the format keeps an alpha channel when written; JPEG does not, so a transparent
    /// image is flattened onto a background before it is.
    public var holdsAlpha: Bool { self != .jpeg }

    /// The name people know the format by ("PNG", "TIFF", "HEIF"), for messages.
    public var displayName: String { ImageFormatRegistry.entry(for: self).displayName }

    /// The format whose signature `bytes` starts with, or `nil`.
    package init?(signatureOf bytes: UnsafeRawBufferPointer) {
        guard case .format(let format) = Self.sniff(bytes) else { return nil }
        self = format
    }

    /// The format whose signature `bytes` starts with, or `nil`.
    public init?(signatureOf bytes: [UInt8]) {
        guard let format = bytes.withUnsafeBytes({ ImageFormat(signatureOf: $0) }) else { return nil }
        self = format
    }

    /// What the first bytes of an input say about it.
    enum SniffResult: Equatable {
        case format(ImageFormat)
        /// The input is shorter than a signature and is the start of one: a cut-off file.
        case truncatedSignature
        case unrecognised
    }

    static func sniff(_ bytes: UnsafeRawBufferPointer) -> SniffResult {
        ImageFormatRegistry.sniff(bytes)
    }

    /// Whether `bytes` starts with `signature`: `.format(self)`, `.truncatedSignature` when the
    /// input ends inside it, or `.unrecognised`.
    func matchPrefix(_ signature: [UInt8], of bytes: UnsafeRawBufferPointer) -> SniffResult {
        let n = min(bytes.count, signature.count)
        guard n > 0, bytes.prefix(n).elementsEqual(signature.prefix(n)) else { return .unrecognised }
        return n == signature.count ? .format(self) : .truncatedSignature
    }
}
