/// One entry of a size list (`--size 1024,640x480`): the box an output is fitted to.
///
/// `N` is the square box `N×N`: the square for cover, the longer side for contain, as a
/// single size always was. `WxH` is a box of its own. The entry remembers how it was
/// written, because that text names its output file (`{size}`: `512`, `640x480`).
public struct ThumbnailSize: Sendable, Hashable, CustomStringConvertible {
    /// The box's width and height (both `N` for a square entry).
    public let width: Int
    public let height: Int
    /// Whether the entry was written as one number.
    public let isSquare: Bool

    /// The sides an entry may have: JPEG and the pipeline stop at 65535 pixels a side.
    package static let sides = 1...65_535

    /// The entry `N`; nil when `side` is outside `sides`.
    public init?(side: Int) {
        guard Self.sides.contains(side) else { return nil }
        width = side
        height = side
        isSquare = true
    }

    /// The entry `WxH`; nil when a side is outside `sides`.
    public init?(width: Int, height: Int) {
        guard Self.sides.contains(width), Self.sides.contains(height) else { return nil }
        self.width = width
        self.height = height
        isSquare = false
    }

    /// Parses `N` or `WxH` (decimal digits only, `x` in either case); nil for anything else,
    /// a side of 0 or one past 65535 included.
    public init?(_ text: some StringProtocol) {
        func side(_ digits: Substring) -> Int? {
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        let text = Substring(text)
        if let separator = text.firstIndex(where: { $0 == "x" || $0 == "X" }) {
            guard let w = side(text[..<separator]), let h = side(text[text.index(after: separator)...]),
                  let size = ThumbnailSize(width: w, height: h) else { return nil }
            self = size
        } else {
            guard let n = side(text), let size = ThumbnailSize(side: n) else { return nil }
            self = size
        }
    }

    /// The entry as written in canonical form: `512`, `640x480`.
    public var description: String { isSquare ? "\(width)" : "\(width)x\(height)" }
}

extension ThumbnailSize {
    /// Why a size list (`1024,640x480,256`) was refused.
    package enum ListError: Error, Equatable, Sendable {
        /// Two commas in a row, or one at either end.
        case emptyEntry
        /// An entry that is not `N` or `WxH` with sides in `sides`.
        case badEntry(String)
        /// The same box twice: both outputs would be one file.
        case repeated(ThumbnailSize)
    }

    /// Parses a comma-separated list of entries, in order.
    package static func list(_ text: String) throws(ListError) -> [ThumbnailSize] {
        var parsed: [ThumbnailSize] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard !entry.isEmpty else { throw .emptyEntry }
            guard let size = ThumbnailSize(entry) else { throw .badEntry(String(entry)) }
            parsed.append(size)
        }
        if let size = firstRepeated(in: parsed) { throw .repeated(size) }
        return parsed
    }

    /// The first entry of `sizes` that an earlier one already names (`640x480` and `640X480`
    /// are one box), or nil: two such entries would write one file.
    package static func firstRepeated(in sizes: [ThumbnailSize]) -> ThumbnailSize? {
        var seen: Set<String> = []
        return sizes.first { !seen.insert($0.description).inserted }
    }
}
