/// Whether a grid image's tiles cover the grid, read from the file's boxes before libheif
/// decodes it.
///
/// Why: libheif 1.15 pastes each tile into a canvas it allocates and never clears, one tile's
/// `ispe` width after another, without checking that the tiles reach the grid's size; a grid
/// wider or taller than its tiles came out with the rest as whatever the heap held (and a tile
/// without `ispe` counts as 0 wide, so the next one lands on it). libheif 1.18 refuses such a
/// grid ("Grid tiles do not cover whole image"; "Grid tiles have different sizes" for tiles of
/// unequal `ispe`; "Invalid image size: zero width or height" for a tile without one), and so
/// does pillow-heif; `refusal(_:)` gives the same verdict from the same boxes, checked in
/// libheif's order. Anything it cannot read is left to libheif.
struct HEIFGridCoverage {
    /// libheif's message for the grid, or nil when the primary image is not a grid, its tiles
    /// cover it, or the boxes cannot be read (libheif then decides).
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> String? {
        var file = BoxReader(bytes, from: 0, to: bytes.count)
        guard let meta = file.children().first(where: { $0.type == "meta" }) else { return nil }
        var metaReader = BoxReader(bytes, from: meta.payload.lowerBound + 4, to: meta.payload.upperBound)
        let boxes = metaReader.children()
        func box(_ type: String) -> Box? { boxes.first { $0.type == type } }
        guard let pitm = box("pitm"), let primary = primaryItem(pitm, bytes),
              let iinf = box("iinf"), itemType(primary, iinf, bytes) == "grid",
              let iref = box("iref"), let iloc = box("iloc"), let iprp = box("iprp"),
              let data = itemData(primary, iloc, idat: box("idat"), bytes),
              let grid = gridSize(data), let tiles = references(from: primary, in: iref, bytes),
              tiles.count == grid.rows * grid.columns,
              let sizes = ispeSizes(of: tiles, in: iprp, bytes) else { return nil }
        guard let first = sizes.first else { return nil }
        for size in sizes {
            if size.width == 0 || size.height == 0 {
                return "Memory allocation error: Invalid image size: zero width or height"
            }
            if size.width * grid.columns < grid.width || size.height * grid.rows < grid.height {
                return "Invalid input: Invalid grid data: Grid tiles do not cover whole image"
            }
            if size != first { return "Invalid input: Invalid grid data: Grid tiles have different sizes" }
        }
        return nil
    }

    struct Box {
        let type: String
        /// The bytes after the header (a full box's version and flags included).
        let payload: Range<Int>
    }

    /// Big-endian fields and boxes within `[position, end)`; every read is bounds-checked.
    struct BoxReader {
        let bytes: UnsafeRawBufferPointer
        var position: Int
        let end: Int

        init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            self.bytes = bytes
            position = start
            self.end = min(end, bytes.count)
        }

        mutating func unsigned(_ size: Int) -> Int? {
            guard size >= 0, size <= 8, position <= end - size else { return nil }
            var value = 0
            for i in 0..<size {
                guard value <= Int.max >> 8 else { return nil }
                value = value << 8 | Int(bytes[position + i])
            }
            position += size
            return value
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, position <= end - count else { return false }
            position += count
            return true
        }

        /// The boxes from here to the end (stops at the first malformed header).
        mutating func children() -> [Box] {
            var found: [Box] = []
            while position <= end - 8 {
                let start = position
                guard var size = unsigned(4), let code = unsigned(4) else { break }
                var header = 8
                if size == 1 {
                    guard let large = unsigned(8) else { break }
                    size = large
                    header = 16
                } else if size == 0 {
                    size = end - start
                }
                guard size >= header, size <= end - start else { break }
                let type = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> (24 - 8 * $0)) },
                                  as: UTF8.self)
                found.append(Box(type: type, payload: (start + header)..<(start + size)))
                position = start + size
            }
            return found
        }
    }

    static func reader(_ box: Box, _ bytes: UnsafeRawBufferPointer) -> BoxReader {
        BoxReader(bytes, from: box.payload.lowerBound, to: box.payload.upperBound)
    }

    static func primaryItem(_ pitm: Box, _ bytes: UnsafeRawBufferPointer) -> Int? {
        var r = reader(pitm, bytes)
        guard let version = r.unsigned(1), r.skip(3) else { return nil }
        return r.unsigned(version == 0 ? 2 : 4)
    }

    /// The `infe` item type of `item` (entries of version 2 and 3, the ones that carry a type).
    static func itemType(_ item: Int, _ iinf: Box, _ bytes: UnsafeRawBufferPointer) -> String? {
        var r = reader(iinf, bytes)
        guard let version = r.unsigned(1), r.skip(3), r.unsigned(version == 0 ? 2 : 4) != nil else { return nil }
        for entry in r.children() where entry.type == "infe" {
            var e = reader(entry, bytes)
            guard let entryVersion = e.unsigned(1), entryVersion >= 2, e.skip(3),
                  let id = e.unsigned(entryVersion == 2 ? 2 : 4), e.skip(2), let type = e.unsigned(4) else { continue }
            if id == item {
                return String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: type >> (24 - 8 * $0)) }, as: UTF8.self)
            }
        }
        return nil
    }

    /// The items `item` derives from (`dimg`), in order: the grid's tiles, row by row.
    static func references(from item: Int, in iref: Box, _ bytes: UnsafeRawBufferPointer) -> [Int]? {
        var r = reader(iref, bytes)
        guard let version = r.unsigned(1), r.skip(3) else { return nil }
        let idSize = version == 0 ? 2 : 4
        for reference in r.children() where reference.type == "dimg" {
            var e = reader(reference, bytes)
            guard let from = e.unsigned(idSize), let count = e.unsigned(2) else { return nil }
            guard from == item else { continue }
            var tiles: [Int] = []
            for _ in 0..<count {
                guard let id = e.unsigned(idSize) else { return nil }
                tiles.append(id)
            }
            return tiles
        }
        return nil
    }

    /// The bytes of `item` as `iloc` places them: in the file (construction method 0) or in
    /// `idat` (1); at most 64 bytes (a grid's description is 8 or 12).
    static func itemData(_ item: Int, _ iloc: Box, idat: Box?, _ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var r = reader(iloc, bytes)
        guard let version = r.unsigned(1), version <= 2, r.skip(3),
              let sizes = r.unsigned(1), let sizes2 = r.unsigned(1),
              let count = r.unsigned(version < 2 ? 2 : 4) else { return nil }
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = sizes2 >> 4
        let indexSize = version == 0 ? 0 : sizes2 & 15
        for _ in 0..<count {
            guard let id = r.unsigned(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version > 0 {
                guard let field = r.unsigned(2) else { return nil }
                method = field & 15
            }
            guard r.skip(2), let base = r.unsigned(baseSize), let extents = r.unsigned(2) else { return nil }
            var data: [UInt8] = []
            for _ in 0..<extents {
                guard r.skip(indexSize), let offset = r.unsigned(offsetSize), let length = r.unsigned(lengthSize)
                else { return nil }
                guard id == item else { continue }
                let region: Range<Int>
                switch method {
                case 0: region = 0..<bytes.count
                case 1:
                    guard let idat else { return nil }
                    region = idat.payload
                default: return nil
                }
                // Offsets beyond the data (or past Int) are libheif's to refuse.
                guard base <= region.count, offset <= region.count - base else { return nil }
                let start = region.lowerBound + base + offset
                let stop = length == 0 ? region.upperBound : start + min(length, 64)
                guard stop <= region.upperBound else { return nil }
                data += bytes[start..<stop]
            }
            if id == item { return data }
        }
        return nil
    }

    /// The grid's rows, columns and size (ISO/IEC 23008-12 `ImageGrid`).
    static func gridSize(_ data: [UInt8]) -> (rows: Int, columns: Int, width: Int, height: Int)? {
        data.withUnsafeBytes { raw in
            var r = BoxReader(raw, from: 0, to: raw.count)
            guard r.unsigned(1) == 0, let flags = r.unsigned(1), let rows = r.unsigned(1),
                  let columns = r.unsigned(1) else { return nil }
            let fieldSize = flags & 1 == 1 ? 4 : 2
            guard let width = r.unsigned(fieldSize), let height = r.unsigned(fieldSize) else { return nil }
            return (rows + 1, columns + 1, width, height)
        }
    }

    /// Each tile's `ispe` size, 0x0 for a tile without one (as libheif 1.15 reads it).
    static func ispeSizes(of tiles: [Int], in iprp: Box, _ bytes: UnsafeRawBufferPointer) -> [Size]? {
        var r = reader(iprp, bytes)
        let children = r.children()
        guard let ipco = children.first(where: { $0.type == "ipco" }) else { return nil }
        var properties = reader(ipco, bytes)
        let list = properties.children()
        var associations: [Int: [Int]] = [:]
        for ipma in children where ipma.type == "ipma" {
            var m = reader(ipma, bytes)
            guard let version = m.unsigned(1), let flags = m.unsigned(3), let count = m.unsigned(4) else { return nil }
            for _ in 0..<count {
                guard let id = m.unsigned(version < 1 ? 2 : 4), let n = m.unsigned(1) else { return nil }
                for _ in 0..<n {
                    guard let value = m.unsigned(flags & 1 == 1 ? 2 : 1) else { return nil }
                    associations[id, default: []].append(value & (flags & 1 == 1 ? 0x7FFF : 0x7F))
                }
            }
        }
        var sizes: [Size] = []
        for tile in tiles {
            let ispe = associations[tile, default: []].lazy.filter { $0 >= 1 && $0 <= list.count }
                .map { list[$0 - 1] }.first { $0.type == "ispe" }
            guard let ispe else {
                sizes.append(Size(width: 0, height: 0))
                continue
            }
            var e = reader(ispe, bytes)
            guard e.skip(4), let width = e.unsigned(4), let height = e.unsigned(4) else { return nil }
            sizes.append(Size(width: width, height: height))
        }
        return sizes
    }

    struct Size: Equatable {
        let width: Int
        let height: Int
    }
}
