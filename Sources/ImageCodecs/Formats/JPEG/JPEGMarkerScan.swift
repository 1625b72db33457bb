/// A walk over a JPEG's marker segments up to the first scan (SOS), reading what the decoder
/// needs before libjpeg-turbo runs: the frame size (to refuse huge images before allocating),
/// the number of components, and the orientation (first APP1 "Exif" segment, else the last APP1
/// XMP packet; see `MetadataOrientation`).
///
/// It also tells a cut-off file from a damaged one: if the data ends before the scan header,
/// the file is truncated. (TurboJPEG reports such files inconsistently: sometimes success with
/// a width of 0, sometimes "missing SOS marker".)
struct JPEGMarkerScan {
    var width = 0
    var height = 0
    var components = 0
    var orientation: ImageOrientation = .topLeft

    init(_ b: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
        func fail(_ reason: ImageCodecError.Reason) -> ImageCodecError {
            ImageCodecError(source: source, reason: reason)
        }
        var at = 2                                          // after SOI
        var sawFrame = false
        var sawExif = false
        var metadata = MetadataOrientation()
        /// The last XMP segment's packet (Pillow keeps the last in `info["xmp"]`).
        var xmp: Range<Int>? = nil
        defer {
            if let xmp { metadata.xmp = MetadataOrientation.xmpOrientation(in: UnsafeRawBufferPointer(rebasing: b[xmp])) }
            orientation = metadata.resolved
        }
        while true {
            // Find the next marker: 0xFF, any number of 0xFF fill bytes, then the code. Stray
            // bytes between segments are skipped, as libjpeg does.
            while at < b.count && b[at] != 0xFF { at += 1 }
            while at < b.count && b[at] == 0xFF { at += 1 }
            guard at < b.count else { throw fail(.truncated) }
            let marker = b[at]
            at += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:                   // stuffed byte, TEM, RSTn, SOI: no length
                continue
            case 0xD9:
                throw fail(.corrupt("end of image marker before any image data"))
            default:
                break
            }
            guard at + 2 <= b.count else { throw fail(.truncated) }
            let length = Int(b[at]) << 8 | Int(b[at + 1])
            if length < 2 && (0xE0...0xEF).contains(marker) || length < 2 && marker == 0xFE {
                // An APPn or COM segment of length 0 or 1: libjpeg (and Pillow) skip nothing
                // after the length bytes and read on.
                at += 2
                continue
            }
            guard length >= 2 else { throw fail(.corrupt("marker 0xFF\(hex(marker)) has length \(length)")) }
            guard at + length <= b.count else { throw fail(.truncated) }
            let body = UnsafeRawBufferPointer(rebasing: b[(at + 2)..<(at + length)])
            switch marker {
            case 0xE1 where !sawExif && body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]):   // APP1 "Exif\0\0"
                sawExif = true
                metadata.exif = ExifOrientationReader.orientation(in: body)
            case 0xE1 where body.starts(with: Self.xmpSignature):             // APP1 XMP
                xmp = (at + 2 + Self.xmpSignature.count)..<(at + length)
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:     // SOFn
                guard body.count >= 6 else { throw fail(.corrupt("frame header is \(body.count) bytes long")) }
                height = Int(body[1]) << 8 | Int(body[2])
                width = Int(body[3]) << 8 | Int(body[4])
                components = Int(body[5])
                guard width > 0, height > 0 else {
                    throw fail(.corrupt("frame header declares a \(width)x\(height) image"))
                }
                sawFrame = true
            case 0xDA:                                      // SOS: the header is complete
                guard sawFrame else { throw fail(.corrupt("scan before any frame header")) }
                return
            default:
                break
            }
            at += length
        }
    }
}

extension JPEGMarkerScan {
    /// "http://ns.adobe.com/xap/1.0/" and its NUL: the start of an APP1 XMP segment.
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
}

private func hex(_ byte: UInt8) -> String {
    let s = String(byte, radix: 16, uppercase: true)
    return s.count == 1 ? "0" + s : s
}
