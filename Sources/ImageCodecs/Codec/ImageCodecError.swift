/// Why an image could not be read or written, and which input it was.
///
/// Every failure of the codecs is one of these, so a batch can report one clear line per bad
/// input (`description`, e.g. `"cat.jpg: truncated: the data ends before the image is
/// complete"`) and go on. Like swift-nio's `IOError`, the error records what failed (the
/// library's own message for corrupt data, `strerror` text for file errors), not only a code.
public struct ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The input has no bytes at all.
        case empty
        /// The input starts with the signature of no format read. Carries the first few
        /// bytes (at most 8) so the message can say what the input looks like instead.
        case unrecognisedFormat(leadingBytes: [UInt8])
        /// The input ends before the image does (a cut-off download or copy).
        case truncated
        /// The data is damaged or unsupported; carries the decoder library's message.
        case corrupt(String)
        /// The header declares more pixels than `DecodeOptions.maxPixels`; refused before any
        /// pixel memory was allocated.
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// Decoding an image this large would need more memory than its budget
        /// (`DecodeOptions.memoryBudget`); refused before any pixel memory was allocated.
        case exceedsMemoryBudget(width: Int, height: Int, bytes: Int, budget: Int)
        /// The file could not be read (missing, no permission, a directory...); carries the
        /// system's message (`strerror`).
        case unreadable(String)
        /// Encoding failed; carries the reason.
        case encodeFailed(String)
        /// `--icc srgb`: the embedded profile cannot convert the image to sRGB.
        case colourProfile(ColourProfileError)
        /// The animation has more frames than `DecodeOptions.maxFrames`; refused when the file
        /// states its count, else at the first frame past the limit (nothing is written).
        case tooManyFrames(limit: Int)

        public var description: String {
            switch self {
            case .empty:
                "empty input (0 bytes)"
            case .unrecognisedFormat(let bytes):
                "not a \(ImageFormatRegistry.formatNames) image (starts with \(Self.describe(bytes)))"
            case .truncated:
                "truncated: the data ends before the image is complete"
            case .corrupt(let detail):
                "corrupt image data: \(detail)"
            case .tooManyPixels(let width, let height, let limit):
                "\(width)x\(height) is \(width.multipliedReportingOverflow(by: height).partialValue) pixels, more than the limit of \(limit)"
            case .exceedsMemoryBudget(let width, let height, let bytes, let budget):
                "\(width)x\(height) needs about \(bytes >> 20) MiB to decode, more than the memory budget of \(budget >> 20) MiB an image"
            case .unreadable(let message):
                "cannot read: \(message)"
            case .encodeFailed(let message):
                "cannot encode: \(message)"
            case .colourProfile(let error):
                "\(error)"
            case .tooManyFrames(let limit):
                "the animation has more than \(limit) frames, the limit (--max-frames)"
            }
        }

        /// Printable ASCII as quoted text (`'hello'`), anything else as hex bytes.
        static func describe(_ bytes: [UInt8]) -> String {
            if !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                return "'" + String(decoding: bytes, as: UTF8.self) + "'"
            }
            return bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
                .joined(separator: " ")
        }
    }

    /// The file path or URL the input came from (or the destination, when encoding).
    public package(set) var source: String
    public package(set) var reason: Reason

    package init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// One line: `"<source>: <reason>"`.
    public var description: String { "\(source): \(reason)" }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
