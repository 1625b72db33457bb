/// A PNG text chunk (tEXt, zTXt or iTXt) read as Pillow's `PngImagePlugin` reads it: a
/// keyword, a NUL, then the text, compressed with zlib in zTXt and in iTXt with its flag set.
/// Only the keywords the decoder uses are ever inflated.
struct PNGTextChunk {
    /// ImageMagick's EXIF as hexadecimal text.
    static let rawExifProfile = Array("Raw profile type exif".utf8)
    /// Adobe XMP.
    static let xmp = Array("XML:com.adobe.xmp".utf8)
    /// ImageMagick's XMP and IPTC as hexadecimal text.
    static let rawXMPProfile = Array("Raw profile type xmp".utf8)
    static let rawIPTCProfile = Array("Raw profile type iptc".utf8)
    /// Pillow's limit on a decompressed text chunk (`MAX_TEXT_CHUNK`, 1 MiB); larger ones are
    /// not read.
    static let maximumTextBytes = 1 << 20

    let keyword: [UInt8]
    let text: [UInt8]

    /// Nil for a damaged chunk or a keyword not in `keywords` (by default those the
    /// orientation needs).
    init?(type: UInt32, data: UnsafeRawBufferPointer, keywords: [[UInt8]] = [rawExifProfile, xmp]) {
        guard let nul = data.firstIndex(of: 0) else { return nil }
        let keyword = Array(data[..<nul])
        guard keywords.contains(keyword) else { return nil }
        var rest = UnsafeRawBufferPointer(rebasing: data[(nul + 1)...])
        var compressed = false
        switch type {
        case PNGChunk.compressedText:
            guard rest.first == 0 else { return nil }                  // method 0: zlib
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
            compressed = true
        case PNGChunk.internationalText:
            // flag, method, language tag NUL, translated keyword NUL, text.
            guard rest.count >= 2, rest[rest.startIndex + 1] == 0 else { return nil }
            compressed = rest[rest.startIndex] == 1
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(2))
            for _ in 0..<2 {
                guard let end = rest.firstIndex(of: 0) else { return nil }
                rest = UnsafeRawBufferPointer(rebasing: rest[(end + 1)...])
            }
        default:
            break
        }
        if compressed {
            guard let inflated = ZlibData.inflate(rest, limit: Self.maximumTextBytes) else { return nil }
            text = inflated
        } else {
            text = Array(rest)
        }
        self.keyword = keyword
    }
}
