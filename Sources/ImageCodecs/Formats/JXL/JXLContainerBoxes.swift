/// The `Exif` and `xml ` boxes of a JPEG XL container (ISO/IEC 18181-2): after the 12-byte
/// signature box, boxes of a 4-byte big-endian size (1: a 64-bit size follows; 0: to the end of
/// the file) and a 4-byte type. A bare codestream has no boxes. Every size is checked against
/// the file; a box that overruns it ends the walk with what came before. Brotli-compressed
/// boxes (`brob`) are not read: libjxl 0.7's writer never makes them for EXIF or XMP unless
/// asked, and no Brotli decoder is linked.
enum JXLContainerBoxes {
    /// The container's signature box.
    static let signature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    static let exifType = Array("Exif".utf8)
    static let xmpType = Array("xml ".utf8)

    /// The first `Exif` box's TIFF structure and the first `xml ` box, as `wanted` asks.
    static func blocks(in file: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        guard file.starts(with: signature) else { return blocks }
        var at = signature.count
        while file.count - at >= 8 {
            var size = Int(readBigEndian(file, at: at, bytes: 4))
            let type = Array(file[(at + 4)..<(at + 8)])
            var header = 8
            if size == 1 {
                guard file.count - at >= 16 else { break }
                let large = readBigEndian(file, at: at + 8, bytes: 8)
                guard large <= UInt64(file.count) else { break }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = file.count - at
            }
            guard size >= header, size <= file.count - at else { break }
            let content = file[(at + header)..<(at + size)]
            if type == exifType, wanted.contains(.exif), blocks.exif == nil {
                blocks.exif = ExifItemPayload.tiffStructure(ofItem: content)
            } else if type == xmpType, wanted.contains(.xmp), blocks.xmp == nil, !content.isEmpty {
                blocks.xmp = Array(content)
            }
            at += size
        }
        return blocks
    }

    private static func readBigEndian(_ file: UnsafeRawBufferPointer, at: Int, bytes: Int) -> UInt64 {
        (at..<(at + bytes)).reduce(UInt64(0)) { $0 << 8 | UInt64(file[$1]) }
    }
}
