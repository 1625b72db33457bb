import CDeflate

/// zlib streams of unknown decompressed size (PNG iCCP, zTXt, compressed iTXt), and the
/// streams this package writes (iCCP, the image data of a repaired PNG).
enum ZlibData {
    /// zlib-deflates at `level` (libdeflate's 1…12; 6 is zlib's default).
    static func deflate(_ input: [UInt8], level: Int32 = 6) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeBytes { src in
            output.withUnsafeMutableBytes { dst in
                libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dst.baseAddress, dst.count)
            }
        }
        guard written > 0 else { return nil }
        return Array(output[..<written])
    }

    /// The inflated bytes, or nil when the stream is damaged or inflates past `limit` bytes.
    static func inflate(_ input: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = min(limit, max(4096, input.count * 4))
        while true {
            var produced = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let result = output.withUnsafeMutableBytes { out in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &produced)
            }
            switch result {
            case LIBDEFLATE_SUCCESS: return Array(output[..<produced])
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < limit: capacity = min(limit, capacity * 2)
            default: return nil
            }
        }
    }
}
