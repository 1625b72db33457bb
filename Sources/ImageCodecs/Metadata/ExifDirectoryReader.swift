/// Reads an EXIF block's directories for `ExifRewriter`: IFD0 and the Exif, GPS and
/// Interoperability directories it points to, never IFD1 (the thumbnail's). Every read is
/// bounds-checked; a directory reached twice is refused, so a crafted block cannot loop.
struct ExifDirectoryReader {
    let bytes: [UInt8]
    let littleEndian: Bool
    /// Entries left out because their type is unknown or their value or directory lies
    /// outside the block.
    private(set) var droppedEntries = 0
    private var visited: Set<Int> = []

    /// How deep pointers are followed: IFD0 → Exif → Interoperability.
    static let maximumDepth = 2

    init(_ tiff: [UInt8]) throws(ExifRewriteError) {
        guard tiff.count >= 8 else { throw .notTIFF }
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: throw .notTIFF
        }
        bytes = tiff
        guard u16(2) == 42 else { throw .notTIFF }
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        let a = Int(bytes[at]), b = Int(bytes[at + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ at: Int) -> Int? {
        guard let lo = u16(littleEndian ? at : at + 2), let hi = u16(littleEndian ? at + 2 : at) else { return nil }
        return hi << 16 | lo
    }

    /// IFD0 with the directories it points to.
    mutating func readRoot() throws(ExifRewriteError) -> ExifDirectory {
        let offset = u32(4) ?? 0
        guard let root = try read(at: offset, depth: 0) else { throw .directoryOutOfBounds(offset: offset) }
        return root
    }

    /// The directory at `offset`, or nil when its entry table does not fit in the block.
    private mutating func read(at offset: Int, depth: Int) throws(ExifRewriteError) -> ExifDirectory? {
        guard offset >= 8, let count = u16(offset), offset + 2 + 12 * count <= bytes.count else { return nil }
        guard visited.insert(offset).inserted else { throw .cycle(offset: offset) }
        guard count <= ExifRewriter.maximumEntries else { throw .tooManyEntries(count) }
        var directory = ExifDirectory(entries: [])
        for i in 0..<count {
            let at = offset + 2 + 12 * i
            // The table fits (checked above), so these reads cannot fail.
            guard let tag = u16(at), let type = u16(at + 2), let n = u32(at + 4), let field = u32(at + 8) else { return nil }
            // Offsets into the old layout cannot be carried (a type-13 IFD value is one too,
            // unless it is a directory followed below); a repeated tag keeps its first entry.
            if ExifTag.offsetTags.contains(tag) || type == 13 && !ExifTag.directoryTags.contains(tag)
                || directory.entries.contains(where: { $0.tag == tag }) { continue }
            guard let size = ExifEntry.size(of: type), n <= bytes.count / size else {
                droppedEntries += 1
                continue
            }
            let total = n * size
            let valueAt = total <= 4 ? at + 8 : field
            guard valueAt <= bytes.count - total else {
                droppedEntries += 1
                continue
            }
            var entry = ExifEntry(tag: tag, type: type, count: n, value: Array(bytes[valueAt..<(valueAt + total)]))
            if ExifTag.directoryTags.contains(tag) {
                guard depth < Self.maximumDepth, type == 4 || type == 13, n == 1,
                      let child = try read(at: field, depth: depth + 1) else {
                    droppedEntries += 1
                    continue
                }
                entry.directory = child
            }
            directory.set(entry)
        }
        return directory
    }
}
