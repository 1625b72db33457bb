/// A TIFF file's EXIF as a stand-alone block. A TIFF has no EXIF block of its own: its first
/// directory holds the picture's structure and the descriptive tags EXIF puts in IFD0 side by
/// side, and points to the Exif (34665) and GPS (34853) directories. The kept block is IFD0's
/// descriptive tags (`describingTags`: description, make, model, orientation, resolution,
/// software, date, artist, host, copyright) with the Exif and GPS directories they point to,
/// laid out anew (`ExifDirectoryWriter`). The structure tags (size, samples, compression,
/// strips and tiles, colour map…) describe how the TIFF stores its pixels, not the output's,
/// and the ICC, XMP and IPTC tags are kept as their own blocks, so none of them is carried.
///
/// Read from the file's bytes with `ExifDirectoryReader`, every offset checked; a BigTIFF
/// (whose offsets are 8 bytes) or a directory the reader cannot follow gives no block.
enum TIFFExifBlock {
    /// The IFD0 tags a kept TIFF EXIF carries, besides the Exif and GPS directories.
    static let describingTags: Set<Int> = [
        0x010E, 0x010F, 0x0110, ExifTag.orientation, 0x011A, 0x011B, 0x0128, 0x0131, 0x0132, 0x013B, 0x013C, 0x8298,
    ]

    /// The block of `file` (a whole TIFF), or nil when IFD0 has none of these tags.
    static func block(fromTIFF file: [UInt8]) -> [UInt8]? {
        guard var reader = try? ExifDirectoryReader(file), var root = try? reader.readRoot() else { return nil }
        root.entries.removeAll {
            !(describingTags.contains($0.tag) || $0.tag == ExifTag.exifDirectory || $0.tag == ExifTag.gpsDirectory)
        }
        guard !root.entries.isEmpty else { return nil }
        return ExifDirectoryWriter.write(root, littleEndian: reader.littleEndian)
    }
}
