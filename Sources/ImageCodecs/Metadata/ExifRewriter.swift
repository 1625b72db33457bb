/// EXIF (a TIFF structure in miniature) read into directories and written out again, so that
/// a kept block describes the output: the Orientation 1 when the pixels were turned upright,
/// PixelXDimension/PixelYDimension the output's size, and no embedded thumbnail (IFD1, whose
/// JPEG would show the uncropped, unturned picture). libvips does the same with libexif
/// (`vips__exif_update`).
///
/// Nothing in the block is trusted: every offset and count is checked against the block in
/// both byte orders, directories reached twice are refused, and the output is laid out anew
/// (IFD0, its values, then the Exif, GPS and Interoperability directories), so no stale
/// offset survives. An entry whose value lies outside the block, or whose type is unknown, is
/// left out; a block whose structure cannot be followed at all is refused (`ExifRewriteError`).
/// MakerNote data is copied as it is: offsets inside it, if its maker uses any, are the maker's.
package enum ExifRewriter {
    /// What the rewrite changes.
    package struct Changes: Sendable, Equatable {
        /// Set IFD0's Orientation (when present) to 1: the pixels are already upright.
        package var uprightOrientation: Bool
        /// The output's size for the Exif directory's PixelXDimension and PixelYDimension
        /// (added when the directory lacks them); nil leaves them.
        package var pixelSize: (width: Int, height: Int)?

        package init(uprightOrientation: Bool, pixelSize: (width: Int, height: Int)? = nil) {
            self.uprightOrientation = uprightOrientation
            self.pixelSize = pixelSize
        }

        package static func == (a: Changes, b: Changes) -> Bool {
            a.uprightOrientation == b.uprightOrientation && a.pixelSize?.width == b.pixelSize?.width
                && a.pixelSize?.height == b.pixelSize?.height
        }
    }

    /// The rewritten block and how many entries were left out for pointing outside it.
    package struct Result: Sendable, Equatable {
        package var bytes: [UInt8]
        package var droppedEntries: Int
    }

    /// More entries than this in one directory is not EXIF (real ones have well under 100).
    static let maximumEntries = 1000

    package static func rewrite(_ tiff: [UInt8], changes: Changes) throws(ExifRewriteError) -> Result {
        var reader = try ExifDirectoryReader(tiff)
        var ifd0 = try reader.readRoot()
        if changes.uprightOrientation, let i = ifd0.entries.firstIndex(where: { $0.tag == ExifTag.orientation }) {
            ifd0.entries[i] = ExifEntry(short: ExifTag.orientation, 1, littleEndian: reader.littleEndian)
        }
        if let size = changes.pixelSize,
           let i = ifd0.entries.firstIndex(where: { $0.tag == ExifTag.exifDirectory }), var exif = ifd0.entries[i].directory {
            exif.set(ExifEntry(dimension: ExifTag.pixelXDimension, size.width, littleEndian: reader.littleEndian))
            exif.set(ExifEntry(dimension: ExifTag.pixelYDimension, size.height, littleEndian: reader.littleEndian))
            ifd0.entries[i].directory = exif
        }
        return Result(bytes: ExifDirectoryWriter.write(ifd0, littleEndian: reader.littleEndian),
                      droppedEntries: reader.droppedEntries)
    }
}

/// The tags the rewriter knows by number.
enum ExifTag {
    static let orientation = 0x0112
    static let exifDirectory = 0x8769
    static let gpsDirectory = 0x8825
    static let interoperabilityDirectory = 0xA005
    static let pixelXDimension = 0xA002
    static let pixelYDimension = 0xA003
    /// Tags whose values are offsets to data elsewhere in the file (strips, tiles, the JPEG
    /// thumbnail, sub-images), which a rewritten block cannot carry along.
    static let offsetTags: Set<Int> = [0x0111, 0x0117, 0x0144, 0x0145, 0x014A, 0x0201, 0x0202]
    /// The pointer tags followed, and where each may appear.
    static let directoryTags: Set<Int> = [exifDirectory, gpsDirectory, interoperabilityDirectory]
}

/// One directory entry: its tag, type and count, and either its value bytes (in the block's
/// byte order, exactly count × the type's size) or the directory it points to.
struct ExifEntry: Equatable {
    var tag: Int
    var type: Int
    var count: Int
    var value: [UInt8]
    var directory: ExifDirectory?

    /// Bytes per value of each TIFF type (1...13); nil for a type the rewriter does not know.
    static func size(of type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    init(tag: Int, type: Int, count: Int, value: [UInt8], directory: ExifDirectory? = nil) {
        self.tag = tag
        self.type = type
        self.count = count
        self.value = value
        self.directory = directory
    }

    /// A SHORT.
    init(short tag: Int, _ value: Int, littleEndian: Bool) {
        let v = UInt16(truncatingIfNeeded: value)
        self.init(tag: tag, type: 3, count: 1,
                  value: littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)])
    }

    /// A pixel dimension: a SHORT when it fits, else a LONG (EXIF allows either).
    init(dimension tag: Int, _ value: Int, littleEndian: Bool) {
        if value <= 0xFFFF {
            self.init(short: tag, value, littleEndian: littleEndian)
        } else {
            let v = UInt32(truncatingIfNeeded: value)
            let bytes = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            self.init(tag: tag, type: 4, count: 1, value: littleEndian ? bytes.reversed() : bytes)
        }
    }
}

/// A directory's entries, in the order written (ascending tags, as TIFF requires).
struct ExifDirectory: Equatable {
    var entries: [ExifEntry]

    /// Replaces the entry with `entry`'s tag, or adds it in tag order.
    mutating func set(_ entry: ExifEntry) {
        if let i = entries.firstIndex(where: { $0.tag == entry.tag }) {
            entries[i] = entry
        } else {
            entries.insert(entry, at: entries.firstIndex(where: { $0.tag > entry.tag }) ?? entries.endIndex)
        }
    }
}
