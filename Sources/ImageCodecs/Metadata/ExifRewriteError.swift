/// Why an EXIF block was dropped instead of written: it is not a TIFF structure the rewriter
/// can follow. Never an image's failure: the image is written without the block, and the
/// reason reaches the batch report as a warning.
package enum ExifRewriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `II`/`MM` byte-order mark followed by 42.
    case notTIFF
    /// The first directory lies outside the block.
    case directoryOutOfBounds(offset: Int)
    /// A directory is reached a second time (directories pointing at each other).
    case cycle(offset: Int)
    /// A directory declares more entries than any real one has.
    case tooManyEntries(Int)

    package var description: String {
        switch self {
        case .notTIFF: "EXIF dropped: not a TIFF structure"
        case .directoryOutOfBounds(let offset): "EXIF dropped: its first directory (offset \(offset)) is outside the block"
        case .cycle(let offset): "EXIF dropped: the directory at offset \(offset) is reached twice"
        case .tooManyEntries(let count): "EXIF dropped: a directory declares \(count) entries"
        }
    }
}
