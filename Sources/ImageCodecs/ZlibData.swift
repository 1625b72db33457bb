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

    /// The first `count` bytes of a zlib stream that stops after a non-final block, without
    /// its final block and Adler-32 (a writer that flushed and never finished), or nil.
    ///
    /// libdeflate inflates whole streams only, so the missing end is supplied: an empty final
    /// block (fixed Huffman codes, end-of-block only: the bits 1, 1, 0 and seven 0s) placed
    /// where the data stops. That is a byte boundary after a flush (Z_SYNC_FLUSH, Z_FULL_FLUSH)
    /// and unknown after Z_BLOCK, so every bit of the last byte is tried, last first: a block
    /// placed past the real end makes libdeflate read the zero padding as a block header that
    /// fails (a stored block's length check, or an invalid or empty block), and one placed at
    /// the end succeeds; only a stream that then yields exactly `count` bytes counts.
    static func inflateUnfinished(_ input: [UInt8], count: Int) -> [UInt8]? {
        guard input.count > 2, count > 0, let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: count)
        let deflate = Array(input[2...])
        // A stream whose deflate data is complete is finished: its trouble is elsewhere
        // (Adler-32, data after it), and those are not supplied here.
        var produced = 0
        let whole = deflate.withUnsafeBytes { src in
            output.withUnsafeMutableBytes { dst in
                libdeflate_deflate_decompress_ex(decompressor, src.baseAddress, src.count, dst.baseAddress, dst.count,
                                                 nil, &produced)
            }
        }
        guard whole != LIBDEFLATE_SUCCESS && whole != LIBDEFLATE_INSUFFICIENT_SPACE else { return nil }
        for usedBits in stride(from: 8, through: 0, by: -1) {
            // usedBits of the last byte hold data (8: all of it, the end is a byte boundary).
            var completed = deflate
            if usedBits == 8 {
                completed += [0x03, 0x00, 0x00]
            } else {
                let marker = UInt16(3) << UInt16(usedBits)
                completed[completed.count - 1] &= UInt8(truncatingIfNeeded: (1 << usedBits) - 1)
                completed[completed.count - 1] |= UInt8(truncatingIfNeeded: marker)
                completed += [UInt8(truncatingIfNeeded: marker >> 8), 0x00, 0x00]
            }
            let result = completed.withUnsafeBytes { src in
                output.withUnsafeMutableBytes { dst in
                    libdeflate_deflate_decompress_ex(decompressor, src.baseAddress, src.count, dst.baseAddress,
                                                     dst.count, nil, &produced)
                }
            }
            if result == LIBDEFLATE_SUCCESS && produced == count { return output }
        }
        return nil
    }
}
