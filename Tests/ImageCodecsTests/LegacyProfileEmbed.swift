@testable import ImageCodecs

/// The way an ICC profile got into an output before the savers wrote it themselves, kept
/// verbatim as the reference `ProfileWritingTests` compares against: the file encoded without
/// a profile, then re-parsed and the profile spliced in (`ICCProfile.embed`, removed from the
/// library when `ImageSaver`s took over). WebP's splice was libwebpmux then as now.
enum LegacyProfileEmbed {
    static let maximumBytes = 16 << 20
    static let jpegChunkBytes = 65519
    static let jpegTag: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// `bytes` (a PNG, JPEG or WebP as `format` says) with `profile` embedded.
    static func embed(_ profile: [UInt8], in bytes: [UInt8], format: ImageFormat) -> [UInt8] {
        guard !profile.isEmpty, profile.count <= maximumBytes else { return bytes }
        switch format {
        case .jpeg: return embed(profile, inJPEG: bytes)
        case .png: return embed(profile, inPNG: bytes) ?? bytes
        case .webp: return WebPColourProfile.adding(profile, to: bytes) ?? bytes
        case .tiff, .gif, .bmp, .avif, .heif, .jxl: return bytes      // never written by the old splice
        }
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

    /// `png` with an `iCCP` chunk right after IHDR (where the PNG specification wants it:
    /// before PLTE and IDAT), or nil when `png` is not one this encoder made.
    static func embed(_ profile: [UInt8], inPNG png: [UInt8]) -> [UInt8]? {
        guard png.count > 33, let compressed = ZlibData.deflate(profile, level: 6) else { return nil }
        let data = Array("ICC Profile".utf8) + [0, 0] + compressed
        let typed = Array("iCCP".utf8) + data
        let crc = typed.withUnsafeBytes { PNGChunk.checksum($0) }
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let chunk = be32(UInt32(data.count)) + typed + be32(crc)
        return Array(png[..<33]) + chunk + Array(png[33...])
    }
}
