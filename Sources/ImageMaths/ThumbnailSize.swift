/// One entry of a size list (`--size 1024,640x480,800x,x600`): the box an output is fitted to.
///
/// `N` is the square box `N×N`: the square for cover, the longer side for contain, as a
/// single size always was. `WxH` is a box of its own. `Wx` and `xH` (vipsthumbnail's
/// width-only and height-only entries) give one side; the other follows the picture's aspect
/// ratio, whatever the fit. The entry remembers how it was written, because that text names
/// its output file (`{size}`: `512`, `640x480`, `800x`, `x600`).
public struct ThumbnailSize: Sendable, Hashable, CustomStringConvertible {
    /// The box's width, or nil for a height-only entry (`xH`).
    public let width: Int?
    /// The box's height, or nil for a width-only entry (`Wx`).
    public let height: Int?
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

    /// The entry `WxH`, or `Wx` / `xH` with the other side nil; nil when both sides are nil or
    /// a given side is outside `sides`.
    public init?(width: Int?, height: Int?) {
        guard width != nil || height != nil,
              width.map(Self.sides.contains) ?? true, height.map(Self.sides.contains) ?? true else { return nil }
        self.width = width
        self.height = height
        isSquare = false
    }

    /// Parses `N`, `WxH`, `Wx` or `xH` (decimal digits only, `x` in either case); nil for
    /// anything else (`x` alone, a side of 0 or one past 65535 included).
    public init?(_ text: some StringProtocol) {
        func side(_ digits: Substring) -> Int? {
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        /// An absent side (nothing on its side of the `x`) is `.some(nil)`; a bad one is nil.
        func optionalSide(_ digits: Substring) -> Int?? {
            digits.isEmpty ? .some(nil) : side(digits).map { .some($0) }
        }
        let text = Substring(text)
        if let separator = text.firstIndex(where: { $0 == "x" || $0 == "X" }) {
            guard let w = optionalSide(text[..<separator]), let h = optionalSide(text[text.index(after: separator)...]),
                  let size = ThumbnailSize(width: w, height: h) else { return nil }
            self = size
        } else {
            guard let n = side(text), let size = ThumbnailSize(side: n) else { return nil }
            self = size
        }
    }

    /// The entry as written in canonical form: `512`, `640x480`, `800x`, `x600`.
    public var description: String {
        if isSquare, let width { return "\(width)" }
        return "\(width.map(String.init) ?? "")x\(height.map(String.init) ?? "")"
    }
}

extension ThumbnailSize {
    /// Why a size list (`1024,640x480,256`) was refused.
    package enum ListError: Error, Equatable, Sendable {
        /// Two commas in a row, or one at either end.
        case emptyEntry
        /// An entry that is not `N`, `WxH`, `Wx` or `xH` with sides in `sides`.
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

extension ThumbnailSize {
    /// The output's width and height as far as this entry fixes them for every picture (nil
    /// for a side that depends on the picture): a box under cover or pad is the box, `Wx` is
    /// `W` wide and `xH` is `H` tall, a contain box depends on the picture; without
    /// `enlarges` a small picture keeps its own size, so nothing is fixed. What
    /// `{width}` and `{height}` in an output template may name before any input is read.
    package func fixedOutputSides(fit: FitMode, enlarges: Bool) -> (width: Int?, height: Int?) {
        guard enlarges else { return (nil, nil) }
        if let width, let height { return fit == .contain ? (nil, nil) : (width, height) }
        return (width, height)
    }
}
