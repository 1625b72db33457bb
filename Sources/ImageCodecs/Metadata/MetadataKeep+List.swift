/// Why a `--keep` list was refused.
public enum MetadataKeepListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An entry between commas is empty (`"exif,,xmp"`, `""`).
    case emptyEntry
    /// An entry is not one of `none`, `icc`, `exif`, `xmp`, `iptc`, `all`.
    case unknownEntry(String)
    /// `none` was listed with other entries, which contradicts them.
    case noneWithOthers

    public var description: String {
        switch self {
        case .emptyEntry: "an entry is empty"
        case .unknownEntry(let entry): "'\(entry)' is not one of none, icc, exif, xmp, iptc, all"
        case .noneWithOthers: "none cannot be listed with other entries"
        }
    }
}

extension MetadataKeep {
    /// The names of the list, in the order `description` writes them.
    private static let names: [(String, MetadataKeep)] = [("icc", .icc), ("exif", .exif), ("xmp", .xmp), ("iptc", .iptc)]

    /// A comma-separated list of `none`, `icc`, `exif`, `xmp`, `iptc` and `all` (libvips'
    /// `keep` spelling), the union of its entries: `exif,xmp`, `all`, `none`.
    public init(list: String) throws(MetadataKeepListError) {
        var keep: MetadataKeep = []
        var sawNone = false
        let entries = list.split(separator: ",", omittingEmptySubsequences: false)
        for entry in entries {
            guard !entry.isEmpty else { throw .emptyEntry }
            switch entry {
            case "none": sawNone = true
            case "all": keep.formUnion(.all)
            default:
                guard let named = Self.names.first(where: { $0.0 == entry }) else { throw .unknownEntry(String(entry)) }
                keep.formUnion(named.1)
            }
        }
        if sawNone && entries.count > 1 { throw .noneWithOthers }
        self = keep
    }

    /// The list that parses back to `self`: `none`, `all`, or the kept names in the order icc,
    /// exif, xmp, iptc (as the report records it).
    public var listDescription: String {
        if isEmpty { return "none" }
        if self == .all { return "all" }
        return Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
    }
}
