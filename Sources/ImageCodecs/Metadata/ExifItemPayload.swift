/// EXIF as ISO BMFF images (HEIF, AVIF: an `Exif` item, ISO/IEC 23008-12 Annex A) and JPEG XL
/// containers (an `Exif` box, ISO/IEC 18181-2) store it: a 4-byte big-endian
/// `exif_tiff_header_offset`, then that many bytes (usually `Exif\0\0`), then the TIFF
/// structure `ImageMetadata.exif` holds.
enum ExifItemPayload {
    /// More bytes before the TIFF header than this is not a real writer's prefix.
    static let maximumOffset = 1 << 16

    /// The TIFF structure of a whole item or box, or nil when it has none where its offset
    /// says. A writer whose offset is 0 although `Exif\0\0` follows (some did before the
    /// specification settled) is read too.
    static func tiffStructure<C: Collection<UInt8>>(ofItem item: C) -> [UInt8]? {
        let bytes = Array(item)
        guard bytes.count >= 4 else { return nil }
        let offset = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        if offset <= maximumOffset, offset <= bytes.count - 4 - 8 {
            let tiff = Array(bytes[(4 + offset)...])
            if startsWithTIFFHeader(tiff) { return tiff }
        }
        guard let rest = MetadataBlocks.tiffStructure(bytes.dropFirst(4)), startsWithTIFFHeader(rest) else { return nil }
        return rest
    }

    /// The TIFF structure in what follows an item's offset field, found by its header within
    /// `maximumOffset` bytes, as libavif's encoder finds it: libavif 0.11 hands the item on
    /// without the offset field but does not skip what the offset says.
    static func firstTIFFStructure(in data: [UInt8]) -> [UInt8]? {
        guard data.count >= 8 else { return nil }
        for at in 0...min(maximumOffset, data.count - 8) where data[at] == data[at + 1] {
            let rest = Array(data[at...])
            if startsWithTIFFHeader(rest) { return rest }
        }
        return nil
    }

    /// The payload of an item or box holding `tiff`: offset 0, then the TIFF structure.
    static func item(forTIFF tiff: [UInt8]) -> [UInt8] { [0, 0, 0, 0] + tiff }

    /// `II*\0` or `MM\0*`.
    static func startsWithTIFFHeader(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }
}
