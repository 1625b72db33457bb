/// The brands of an ISO base media file (HEIF, AVIF): the `ftyp` box that starts it holds a
/// major brand and a list of compatible ones, and they, not the file name, say what it holds.
enum ISOMediaBrands {
    /// The major and compatible brands, or nil when `b` does not start with an `ftyp` box.
    static func brands(_ b: UnsafeRawBufferPointer) -> [String]? {
        guard b.count >= 16, b[4] == 0x66, b[5] == 0x74, b[6] == 0x79, b[7] == 0x70 else { return nil }   // "ftyp"
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(b.count, max(16, size))
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= end {
            brands.append(String(decoding: b[at..<(at + 4)], as: UTF8.self))
            at += 4
        }
        return brands
    }

    /// AVIF: an `avif` (still) or `avis` (sequence) brand.
    static func isAVIF(_ b: UnsafeRawBufferPointer) -> Bool {
        brands(b)?.contains { $0 == "avif" || $0 == "avis" } ?? false
    }
}
