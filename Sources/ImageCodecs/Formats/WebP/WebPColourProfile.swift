import CWebP

/// A WebP's ICC profile: the `ICCP` chunk, read from an input and written by `WebPCodec`.
enum WebPColourProfile {
    /// `webp` with `profile` in an ICCP chunk (the file becomes the extended format), or
    /// nil when libwebpmux cannot make it.
    static func adding(_ profile: [UInt8], to webp: [UInt8]) -> [UInt8]? {
        guard let mux = gpuglitch_WebPMuxNew() else { return nil }
        defer { WebPMuxDelete(mux) }
        return webp.withUnsafeBufferPointer { image -> [UInt8]? in
            profile.withUnsafeBufferPointer { icc -> [UInt8]? in
                var imageData = WebPData(bytes: image.baseAddress, size: image.count)
                var iccData = WebPData(bytes: icc.baseAddress, size: icc.count)
                guard WebPMuxSetImage(mux, &imageData, 1) == WEBP_MUX_OK,
                      WebPMuxSetChunk(mux, "ICCP", &iccData, 1) == WEBP_MUX_OK else { return nil }
                var assembled = WebPData(bytes: nil, size: 0)
                guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK else { return nil }
                defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
                return Array(UnsafeBufferPointer(start: assembled.bytes, count: assembled.size))
            }
        }
    }

    /// The ICCP chunk's data of a WebP file, or nil.
    static func read(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        guard b.count >= 12 else { return nil }
        var at = 12
        while at + 8 <= b.count {
            let length = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
            let end = at + 8 + length
            guard end <= b.count else { return nil }
            if b[at] == 0x49, b[at + 1] == 0x43, b[at + 2] == 0x43, b[at + 3] == 0x50 {   // "ICCP"
                return Array(b[(at + 8)..<end])
            }
            at = end + (length & 1)
        }
        return nil
    }
}

