/// A JPEG's ICC profile: APP2 segments tagged `ICC_PROFILE\0`, each with its sequence number
/// (from 1) and the count, read from an input and written by `JPEGEncoder`.
enum JPEGColourProfile {
    /// APP2 payload per segment: 65535 − 2 (length) − 12 ("ICC_PROFILE\0") − 2 (seq, count).
    static let chunkBytes = 65519
    static let tag: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// The segments put together in sequence order; nil when none, or when the set is incomplete.
    static func read(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        var parts: [Int: [UInt8]] = [:]
        var count = 0
        var at = 2
        while at + 4 <= b.count, b[at] == 0xFF {
            let marker = b[at + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }            // image data: no more headers
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2, at + 2 + length <= b.count else { break }
            let body = UnsafeRawBufferPointer(rebasing: b[(at + 4)..<(at + 2 + length)])
            if marker == 0xE2, body.count > 14, body.starts(with: tag) {
                let sequence = Int(body[12]), total = Int(body[13])
                if sequence >= 1, total >= 1 {
                    count = total
                    parts[sequence] = Array(body[14...])
                }
            }
            at += 2 + length
        }
        guard count > 0, parts.count == count, (1...count).allSatisfy({ parts[$0] != nil }) else { return nil }
        let profile = (1...count).flatMap { parts[$0]! }
        return profile.count <= ICCProfile.maximumBytes ? profile : nil
    }

    /// `jpeg` (as TurboJPEG writes it: SOI, then the JFIF APP0) with the profile as APP2
    /// segments after SOI and the APP0 segment, where libjpeg's `jpeg_write_icc_profile` puts
    /// them; `jpeg` unchanged when the profile needs more than 255 segments.
    static func inserting(_ profile: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        var insertAt = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count > 6 {
            insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        }
        let chunks = stride(from: 0, to: profile.count, by: chunkBytes).map {
            profile[$0 ..< min(profile.count, $0 + chunkBytes)]
        }
        guard chunks.count <= 255 else { return jpeg }
        var segments: [UInt8] = []
        for (i, chunk) in chunks.enumerated() {
            let length = 2 + tag.count + 2 + chunk.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += tag + [UInt8(i + 1), UInt8(chunks.count)] + chunk
        }
        return Array(jpeg[..<insertAt]) + segments + Array(jpeg[insertAt...])
    }
}
