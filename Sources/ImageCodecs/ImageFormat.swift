/// The file formats the codecs read and write.
///
/// A file's format is always found from its first bytes (its signature), never from its name:
/// a PNG saved as `photo.jpg` decodes as a PNG, and a text file named `.jpg` is refused.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case png
    case jpeg
    case webp

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// The PNG signature: `\x89 P N G \r \n \x1a \n`.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A JPEG starts with SOI (`FF D8`) followed by the first marker's `FF`.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The format whose signature `bytes` starts with, or `nil`.
    public init?(signatureOf bytes: UnsafeRawBufferPointer) {
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

    /// A WebP file: `RIFF`, a 4-byte size, `WEBP`.
    static func isWebP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 12 && bytes.prefix(4).elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }

    static func sniff(_ bytes: UnsafeRawBufferPointer) -> SniffResult {
        if isWebP(bytes) { return .format(.webp) }
        for (format, signature) in [(ImageFormat.png, pngSignature), (.jpeg, jpegSignature)] {
            let n = min(bytes.count, signature.count)
            guard n > 0, bytes.prefix(n).elementsEqual(signature.prefix(n)) else { continue }
            return n == signature.count ? .format(format) : .truncatedSignature
        }
        return .unrecognised
    }
}
