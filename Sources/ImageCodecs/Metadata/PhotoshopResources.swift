/// Photoshop image resources ("8BIM" blocks), the form IPTC-IIM takes in a JPEG's APP13
/// `Photoshop 3.0` segment: `8BIM`, a 2-byte id, a Pascal name padded to an even length, a
/// 4-byte size and the data padded to an even length, all big-endian. Every length is checked
/// against the bytes; a damaged list yields what came before the damage.
enum PhotoshopResources {
    /// `"Photoshop 3.0\0"`, the start of an APP13 segment holding resources.
    static let jpegSignature = Array("Photoshop 3.0\0".utf8)
    /// The resource that holds IPTC-IIM records.
    static let iptcResource = 0x0404
    static let blockType = Array("8BIM".utf8)

    /// The data of the first resource `id` in `resources`, or nil.
    static func data<C: RandomAccessCollection<UInt8>>(of id: Int, in resources: C) -> [UInt8]? where C.Index == Int {
        var at = resources.startIndex
        let end = resources.endIndex
        while at + 12 <= end {
            guard resources[at..<(at + 4)].elementsEqual(blockType) else { return nil }
            let resourceID = Int(resources[at + 4]) << 8 | Int(resources[at + 5])
            let nameLength = Int(resources[at + 6])
            let sizeAt = at + 6 + (nameLength + 2) & ~1        // length byte + name, padded to even
            guard sizeAt + 4 <= end else { return nil }
            let size = (sizeAt..<(sizeAt + 4)).reduce(0) { $0 << 8 | Int(resources[$1]) }
            let dataAt = sizeAt + 4
            guard size <= end - dataAt else { return nil }
            if resourceID == id { return Array(resources[dataAt..<(dataAt + size)]) }
            at = dataAt + (size + 1) & ~1
        }
        return nil
    }

    /// One APP13 payload (signature included) holding `iptc` as resource 0x0404.
    static func jpegPayload(iptc: [UInt8]) -> [UInt8] {
        let size = iptc.count
        var out = jpegSignature + blockType + [0x04, 0x04, 0, 0]
        out += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        out += iptc
        if size & 1 == 1 { out.append(0) }
        return out
    }
}
