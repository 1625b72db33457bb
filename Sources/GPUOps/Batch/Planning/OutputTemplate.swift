import ImageMaths

/// Where under the output folder each output of an input goes (`--output-template`): a path
/// with the fields `{dir}` (the input's folder relative to the folder it was found in: empty
/// for a file at the top of that folder, for a file named directly and for a URL), `{stem}`
/// (its file name without an image extension), `{ext}` (the extension of the output format)
/// `{size}` (the size entry as written: `512`, `640x480`), and `{width}` and `{height}` (the
/// output's pixel size, for entries that fix it for every picture: see `validate`). An empty
/// `{dir}` takes the `/` after it along, so `{dir}/{stem}.{ext}` names a top-level file
/// `a.jpg`, not `/a.jpg`.
///
/// Every field is known when the inputs are listed, before any is decoded: the collision
/// rules, `--skip-existing` and `--dry-run` see each output's final path. That is why
/// `{width}` and `{height}` are refused for an entry whose output size depends on the picture
/// (a contain box, `--no-enlarge`): its path would be known only after decoding, when two
/// inputs could no longer be kept from writing one file.
public struct OutputTemplate: Sendable, Equatable, CustomStringConvertible {
    /// The template as written.
    package let text: String
    private let pieces: [Piece]

    private enum Piece: Equatable {
        case literal(String)
        case dir, stem, ext, size, width, height
    }

    /// One entry's outputs: `{dir}/{stem}.{ext}`, the names of a single size always.
    package static let single = try! OutputTemplate("{dir}/{stem}.{ext}")
    /// Several entries' outputs: `{dir}/{stem}_{size}.{ext}`.
    package static let perSize = try! OutputTemplate("{dir}/{stem}_{size}.{ext}")

    /// The default for `count` size entries.
    package static func standard(forSizes count: Int) -> OutputTemplate { count > 1 ? perSize : single }

    /// Parses a template; a field other than the four, a `{` or `}` that opens or closes no
    /// field, an empty template, an absolute one (it names a path under the output folder), one
    /// ending in `/`, one with an empty folder name (`//`, which an empty `{dir}` would turn
    /// into an absolute path) and one with a `.` or `..` folder (`../{stem}.{ext}` would write
    /// beside the output folder) are refused.
    public init(_ text: String) throws(BatchSetupError) {
        guard !text.isEmpty else { throw .outputTemplate("the template is empty") }
        guard !text.hasPrefix("/") else {
            throw .outputTemplate("'\(text)' is absolute; a template names a path under the output folder")
        }
        guard !text.hasSuffix("/") else { throw .outputTemplate("'\(text)' names a folder, not a file") }
        guard !text.contains("//") else { throw .outputTemplate("'\(text)' has an empty folder name ('//')") }
        for name in text.split(separator: "/") where name == "." || name == ".." {
            throw .outputTemplate("'\(text)' has a folder named '\(name)'; a template names a path under the output folder")
        }
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "}" { throw .outputTemplate("'\(text)' has a '}' that closes no field") }
            guard first == "{" else {
                literal.append(first)
                rest = rest.dropFirst()
                continue
            }
            guard let close = rest.firstIndex(of: "}") else {
                throw .outputTemplate("'\(text)' has a '{' that is not closed")
            }
            let name = rest[rest.index(after: rest.startIndex)..<close]
            let piece: Piece
            switch name {
            case "dir": piece = .dir
            case "stem": piece = .stem
            case "ext": piece = .ext
            case "size": piece = .size
            case "width": piece = .width
            case "height": piece = .height
            default:
                throw .outputTemplate(
                    "'\(text)' has an unknown field {\(name)}; the fields are {dir}, {stem}, {ext}, {size}, {width} and {height}")
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(piece)
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.text = text
        self.pieces = pieces
    }

    public var description: String { text }

    /// Whether the template names outputs by their size entry.
    package var hasSize: Bool { pieces.contains(.size) }

    /// Checks, before anything runs, that no two outputs of one input get one path: with
    /// several entries the template needs `{size}`, or `{width}`/`{height}` that differ between
    /// every two entries, and no entry may be given twice; and that `{width}` and `{height}`
    /// name sides every entry fixes under `fit` and `enlarges` (`ThumbnailSize.fixedOutputSides`).
    package func validate(sizes: [ThumbnailSize], fit: FitMode = .cover, enlarges: Bool = true) throws(BatchSetupError) {
        if let size = ThumbnailSize.firstRepeated(in: sizes) {
            throw .outputTemplate("--size names \(size) twice; every entry gives one output")
        }
        let hasWidth = pieces.contains(.width), hasHeight = pieces.contains(.height)
        for (named, name) in [(hasWidth, "width"), (hasHeight, "height")] where named {
            for size in sizes {
                let sides = size.fixedOutputSides(fit: fit, enlarges: enlarges)
                guard (name == "width" ? sides.width : sides.height) == nil else { continue }
                throw .outputTemplate(
                    "'\(text)' has {\(name)}, but the \(name) of entry \(size)'s outputs depends on each picture (--fit \(fit.rawValue)\(enlarges ? "" : ", --no-enlarge")); {width} and {height} name sides every picture gets: Wx entries for {width}, xH for {height}, boxes under cover or pad, without --no-enlarge")
            }
        }
        guard sizes.count > 1 && !hasSize else { return }
        guard hasWidth || hasHeight else {
            throw .outputTemplate("'\(text)' has no {size}, so the \(sizes.count) outputs of each input would go to one path")
        }
        // Without {size}, the sides the template names must tell every two entries apart.
        var seen: [String: ThumbnailSize] = [:]
        for size in sizes {
            let sides = size.fixedOutputSides(fit: fit, enlarges: enlarges)
            let key = "\(hasWidth ? sides.width ?? 0 : 0)x\(hasHeight ? sides.height ?? 0 : 0)"
            if let earlier = seen.updateValue(size, forKey: key) {
                throw .outputTemplate(
                    "'\(text)' has no {size}, and entries \(earlier) and \(size) give outputs it names alike, so two outputs of each input would go to one path")
            }
        }
    }

    /// The path of one output, relative to the output folder; `width` and `height` are the
    /// output's (`validate` has made sure they are known where the template names them).
    package func path(dir: String, stem: String, ext: String, size: String, width: Int? = nil, height: Int? = nil) -> String {
        var out = ""
        var skipsSlash = false
        for piece in pieces {
            switch piece {
            case .literal(var text):
                if skipsSlash, text.hasPrefix("/") { text.removeFirst() }
                out += text
            case .dir: out += dir
            case .stem: out += stem
            case .ext: out += ext
            case .size: out += size
            case .width: out += width.map(String.init) ?? ""
            case .height: out += height.map(String.init) ?? ""
            }
            skipsSlash = piece == .dir && dir.isEmpty
        }
        return out
    }
}

