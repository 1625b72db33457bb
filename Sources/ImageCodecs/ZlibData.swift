import CDeflate

/// zlib streams of unknown decompressed size (PNG iCCP, zTXt, compressed iTXt).
enum ZlibData {
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
