/// A JPEG's EXIF, XMP and IPTC segments: APP1 `Exif\0\0` (the first, as Pillow and libjpeg
/// readers take it), APP1 XMP (the last, as Pillow keeps it in `info["xmp"]`) and APP13
/// `Photoshop 3.0` (IPTC-IIM in resource 0x0404), read from an input and written by
/// `JPEGEncoder` after the JFIF APP0, where libvips and Pillow put them.
enum JPEGMetadataSegments {
    /// The largest payload one segment holds: 65535 minus the 2 bytes of its length.
    static let maximumPayload = 65533

    /// The blocks `wanted` names, from the segments before the first scan.
    static func read(_ b: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        var at = 2
        while at + 4 <= b.count, b[at] == 0xFF {
            let marker = b[at + 1]
            if marker == 0xD8 || marker == 0x01 || marker == 0xFF || (0xD0...0xD7).contains(marker) { at += marker == 0xFF ? 1 : 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }            // image data: no more headers
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2, at + 2 + length <= b.count else { break }
            let body = UnsafeRawBufferPointer(rebasing: b[(at + 4)..<(at + 2 + length)])
            switch marker {
            case 0xE1 where wanted.contains(.exif) && blocks.exif == nil && body.starts(with: MetadataBlocks.exifPrefix):
                blocks.exif = MetadataBlocks.tiffStructure(body)
            case 0xE1 where wanted.contains(.xmp) && body.starts(with: JPEGMarkerScan.xmpSignature):
                let packet = body.dropFirst(JPEGMarkerScan.xmpSignature.count)
                if !packet.isEmpty { blocks.xmp = Array(packet) }
            case 0xED where wanted.contains(.iptc) && blocks.iptc == nil && body.starts(with: PhotoshopResources.jpegSignature):
                let resources = Array(body.dropFirst(PhotoshopResources.jpegSignature.count))
                blocks.iptc = PhotoshopResources.data(of: PhotoshopResources.iptcResource, in: resources)
            default:
                break
            }
            at += 2 + length
        }
        return blocks
    }

    /// The segments (marker, length and payload) that carry `blocks`, in the order EXIF, XMP,
    /// IPTC; a block too large for one segment is left out (extended XMP is not written).
    static func segments(_ blocks: MetadataBlocks) -> [UInt8] {
        var out: [UInt8] = []
        func append(_ marker: UInt8, _ payload: [UInt8]) {
            guard payload.count <= maximumPayload else { return }
            let length = payload.count + 2
            out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
            out += payload
        }
        if let exif = blocks.exif { append(0xE1, MetadataBlocks.exifPrefix + exif) }
        if let xmp = blocks.xmp { append(0xE1, JPEGMarkerScan.xmpSignature + xmp) }
        if let iptc = blocks.iptc { append(0xED, PhotoshopResources.jpegPayload(iptc: iptc)) }
        return out
    }

    /// Where segments written after the JFIF APP0 go in `jpeg` (as TurboJPEG writes it: SOI,
    /// then APP0): after APP0, or after SOI when there is none.
    static func insertionPoint(in jpeg: [UInt8]) -> Int {
        guard jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 else { return 2 }
        return min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
    }
}
