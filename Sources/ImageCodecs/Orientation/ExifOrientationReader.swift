/// Finds the orientation tag (0x0112) in an EXIF block.
///
/// EXIF is a TIFF file in miniature: a byte-order mark (`II` little-endian, `MM` big-endian),
/// the number 42, the offset of the first directory (IFD0), then 12-byte entries of tag, type,
/// count and value. The orientation is a SHORT in IFD0. Every read is bounds-checked: a broken
/// EXIF block means "no orientation", never a failure of the whole image (as in Pillow).
enum ExifOrientationReader {
    /// `block` is the TIFF structure, optionally preceded by `"Exif\0\0"` (as in a JPEG APP1
    /// segment; PNG eXIf chunks normally lack it).
    static func orientation(in block: UnsafeRawBufferPointer) -> ImageOrientation? {
        var tiff = block
        let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]   // "Exif\0\0"
        if tiff.starts(with: exifPrefix) { tiff = UnsafeRawBufferPointer(rebasing: tiff.dropFirst(6)) }
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at]), b = Int(tiff[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let lo = u16(littleEndian ? at : at + 2), let hi = u16(littleEndian ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let entries = u16(ifd) else { return nil }
        for i in 0..<entries {
            let entry = ifd + 2 + 12 * i
            guard let tag = u16(entry), let type = u16(entry + 2) else { return nil }
            guard tag == 0x0112 else { continue }
            switch type {
            case 3: return u16(entry + 8).map(ImageOrientation.init(exifValue:))   // SHORT
            case 4: return u32(entry + 8).map(ImageOrientation.init(exifValue:))   // LONG
            default: return nil
            }
        }
        return nil
    }
}
