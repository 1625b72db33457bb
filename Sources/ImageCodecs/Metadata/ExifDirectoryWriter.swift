/// Lays out directories as a fresh TIFF structure in one byte order: the header, IFD0 at
/// offset 8 with its longer values after its table, then each directory it points to, every
/// value at an even offset; IFD0's next-directory pointer is 0 (no IFD1, no thumbnail).
enum ExifDirectoryWriter {
    static func write(_ root: ExifDirectory, littleEndian: Bool) -> [UInt8] {
        var out: [UInt8] = littleEndian ? [0x49, 0x49, 42, 0, 8, 0, 0, 0] : [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        append(root, to: &out, littleEndian: littleEndian)
        return out
    }

    private static func append(_ directory: ExifDirectory, to out: inout [UInt8], littleEndian: Bool) {
        func put(_ value: Int, bytes: Int, at: Int) {
            for i in 0..<bytes {
                let shift = 8 * (littleEndian ? i : bytes - 1 - i)
                out[at + i] = UInt8(truncatingIfNeeded: value >> shift)
            }
        }
        let start = out.count
        let entries = directory.entries
        out += [UInt8](repeating: 0, count: 2 + 12 * entries.count + 4)     // the next pointer stays 0
        put(entries.count, bytes: 2, at: start)
        var children: [(field: Int, directory: ExifDirectory)] = []
        for (i, entry) in entries.enumerated() {
            let at = start + 2 + 12 * i
            put(entry.tag, bytes: 2, at: at)
            put(entry.type, bytes: 2, at: at + 2)
            put(entry.count, bytes: 4, at: at + 4)
            if let child = entry.directory {
                children.append((at + 8, child))
            } else if entry.value.count <= 4 {
                out.replaceSubrange((at + 8)..<(at + 8 + entry.value.count), with: entry.value)
            } else {
                if out.count & 1 == 1 { out.append(0) }
                put(out.count, bytes: 4, at: at + 8)
                out += entry.value
            }
        }
        for (field, child) in children {
            if out.count & 1 == 1 { out.append(0) }
            put(out.count, bytes: 4, at: field)
            append(child, to: &out, littleEndian: littleEndian)
        }
    }
}
