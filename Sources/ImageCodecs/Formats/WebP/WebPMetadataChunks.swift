import CWebP

/// A WebP's `EXIF` and `XMP ` chunks (of the extended format, VP8X), read from an input and
/// written by `WebPCodec` through libwebpmux, as the `ICCP` chunk is (`WebPColourProfile`).
enum WebPMetadataChunks {
    /// The blocks `wanted` names: the first chunk of each kind.
    static func read(_ b: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        var at = 12
        while at + 8 <= b.count {
            let length = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
            let end = at + 8 + length
            guard end <= b.count else { break }
            let data = b[(at + 8)..<end]
            switch (b[at], b[at + 1], b[at + 2], b[at + 3]) {
            case (0x45, 0x58, 0x49, 0x46) where wanted.contains(.exif) && blocks.exif == nil:     // "EXIF"
                blocks.exif = MetadataBlocks.tiffStructure(data)
            case (0x58, 0x4D, 0x50, 0x20) where wanted.contains(.xmp) && blocks.xmp == nil:       // "XMP "
                blocks.xmp = data.isEmpty ? nil : Array(data)
            default:
                break
            }
            at = end + (length & 1)
        }
        return blocks
    }

    /// `webp` with `profile`, `blocks.exif` and `blocks.xmp` in their chunks (the file becomes
    /// the extended format; libwebpmux sets VP8X's flags), or nil when libwebpmux cannot make it.
    static func adding(profile: [UInt8]?, _ blocks: MetadataBlocks, to webp: [UInt8]) -> [UInt8]? {
        let chunks: [(String, [UInt8])] = [("ICCP", profile), ("EXIF", blocks.exif), ("XMP ", blocks.xmp)]
            .compactMap { name, data in data.map { (name, $0) } }
        guard !chunks.isEmpty else { return webp }
        guard let mux = gpuglitch_WebPMuxNew() else { return nil }
        defer { WebPMuxDelete(mux) }
        return webp.withUnsafeBufferPointer { image -> [UInt8]? in
            var imageData = WebPData(bytes: image.baseAddress, size: image.count)
            guard WebPMuxSetImage(mux, &imageData, 1) == WEBP_MUX_OK else { return nil }
            for (name, data) in chunks {
                let set = data.withUnsafeBufferPointer { bytes -> Bool in
                    var chunk = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                    return WebPMuxSetChunk(mux, name, &chunk, 1) == WEBP_MUX_OK       // 1: libwebpmux copies it
                }
                guard set else { return nil }
            }
            var assembled = WebPData(bytes: nil, size: 0)
            guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK else { return nil }
            defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
            return Array(UnsafeBufferPointer(start: assembled.bytes, count: assembled.size))
        }
    }
}
