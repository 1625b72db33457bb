import CDeflate

/// The ICC colour profile embedded in a PNG (`iCCP`) or JPEG (APP2 `ICC_PROFILE` segments),
/// read from an input and written into an output, so that a thumbnail of a Display P3 or
/// Adobe RGB photo shows its colours as the original does in a colour-managed viewer. The
/// profile is carried as bytes; nothing is converted.
public enum ICCProfile {
    /// The largest profile accepted (a real one is a few KB; 16 MiB bounds a hostile file).
    static let maximumBytes = 16 << 20
    /// APP2 payload per segment: 65535 − 2 (length) − 12 ("ICC_PROFILE\0") − 2 (seq, count).
    static let jpegChunkBytes = 65519
    static let jpegTag: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// The profile of an encoded image of any format read, or nil when it has none (or a damaged one).
    public static func read(from bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { b in
            if b.starts(with: ImageFormat.pngSignature) { return fromPNG(b) }
            if b.count > 2, b[0] == 0xFF, b[1] == 0xD8 { return fromJPEG(b) }
            if ImageFormat.isWebP(b) { return WebPCodec.profile(in: b) }
            return ImageFormatRegistry.codec(of: b)?.iccProfile(in: b)
        }
    }

    /// `bytes` (a PNG, JPEG or WebP as `format` says) with `profile` embedded.
    public static func embed(_ profile: [UInt8], in bytes: [UInt8], format: ImageFormat) -> [UInt8] {
        guard !profile.isEmpty, profile.count <= maximumBytes else { return bytes }
        switch format {
        case .jpeg: return embed(profile, inJPEG: bytes)
        case .png: return embed(profile, inPNG: bytes) ?? bytes
        case .webp: return WebPCodec.embed(profile, in: bytes) ?? bytes
        case .tiff, .gif, .bmp, .avif, .heif: return bytes      // never written
        }
    }

    // MARK: JPEG

    /// APP2 segments tagged `ICC_PROFILE\0`, each with its sequence number (from 1) and the
    /// count, put together in sequence order; nil when none, or when the set is incomplete.
    static func fromJPEG(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
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
            if marker == 0xE2, body.count > 14, body.starts(with: jpegTag) {
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
        return profile.count <= maximumBytes ? profile : nil
    }

    /// `jpeg` with the profile as APP2 segments, placed after SOI and any APP0 (JFIF) segment,
    /// as libjpeg writes them.
    static func embed(_ profile: [UInt8], inJPEG jpeg: [UInt8]) -> [UInt8] {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        var insertAt = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count > 6 {
            insertAt = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        }
        let chunks = stride(from: 0, to: profile.count, by: jpegChunkBytes).map {
            profile[$0 ..< min(profile.count, $0 + jpegChunkBytes)]
        }
        guard chunks.count <= 255 else { return jpeg }
        var segments: [UInt8] = []
        for (i, chunk) in chunks.enumerated() {
            let length = 2 + jpegTag.count + 2 + chunk.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += jpegTag + [UInt8(i + 1), UInt8(chunks.count)] + chunk
        }
        return Array(jpeg[..<insertAt]) + segments + Array(jpeg[insertAt...])
    }

    // MARK: PNG

    /// The `iCCP` chunk before the image data: a name, a NUL, compression method 0, and the
    /// zlib-compressed profile.
    static func fromPNG(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        for chunk in PNGChunks(b) {
            if chunk.type == PNGChunk.idat { return nil }
            guard chunk.type == PNGChunk.iccp else { continue }
            let data = UnsafeRawBufferPointer(rebasing: b[chunk.data])
            guard let nul = data.firstIndex(of: 0), nul < 80, nul + 2 < data.count, data[nul + 1] == 0 else { return nil }
            return inflate(UnsafeRawBufferPointer(rebasing: data[(nul + 2)...]))
        }
        return nil
    }

    /// `png` with an `iCCP` chunk right after IHDR (where the PNG specification wants it:
    /// before PLTE and IDAT), or nil when `png` is not one this encoder made.
    static func embed(_ profile: [UInt8], inPNG png: [UInt8]) -> [UInt8]? {
        guard png.count > 33, let compressed = deflate(profile) else { return nil }
        let data = Array("ICC Profile".utf8) + [0, 0] + compressed
        let typed = Array("iCCP".utf8) + data
        let crc = typed.withUnsafeBytes { PNGChunk.checksum($0) }
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let chunk = be32(UInt32(data.count)) + typed + be32(crc)
        return Array(png[..<33]) + chunk + Array(png[33...])
    }

    /// zlib-inflates a profile of unknown size (at most `maximumBytes`).
    static func inflate(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        ZlibData.inflate(input, limit: maximumBytes)
    }

    /// zlib-deflates (level 6, as zlib's default).
    static func deflate(_ input: [UInt8]) -> [UInt8]? {
        ZlibData.deflate(input, level: 6)
    }
}
