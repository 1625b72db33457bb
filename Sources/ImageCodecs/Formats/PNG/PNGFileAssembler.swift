import CDeflate

/// Puts a PNG file together from filtered rows: the signature, IHDR, the ICC profile's `iCCP`
/// when there is one (where the PNG specification wants it: before PLTE and IDAT), the rows
/// zlib-compressed by libdeflate as IDAT, IEND, each chunk with its CRC-32.
///
/// No other colour chunk: like Pillow's files, ours are untagged, which viewers take as sRGB,
/// and an `iCCP` never contradicts an `sRGB` chunk (the PNG specification wants at most one of
/// the two).
///
/// libdeflate compresses a whole buffer in one call, which is what an encoder holding the
/// whole image has, and at a given level it is markedly faster than zlib (and a little
/// smaller); the stream is an ordinary zlib stream (RFC 1950) that every PNG reader inflates.
enum PNGFileAssembler {
    /// The largest IDAT data written in one chunk. PNG allows 2³¹ − 1; staying well under
    /// it keeps every length a reader may hold in a signed 32-bit integer.
    static let maximumChunkData = 1 << 30

    /// IHDR colour types this encoder writes.
    enum ColourType: UInt8 {
        case rgb = 2
        case rgba = 6
        var channels: Int { self == .rgb ? 3 : 4 }
    }

    /// The PNG file, or nil when libdeflate cannot allocate its compressor.
    /// - Parameters:
    ///   - filteredRows: `height` rows, each a filter type byte and the filtered row.
    ///   - profile: the data of the `iCCP` chunk, or nil for none.
    ///   - metadataChunks: chunks written after it, before the image data (`eXIf`, iTXt XMP).
    ///   - level: libdeflate's compression level, 1…12.
    static func assemble(width: Int, height: Int, colourType: ColourType,
                         filteredRows: UnsafeRawBufferPointer, profile: [UInt8]? = nil,
                         metadataChunks: [(type: StaticString, data: [UInt8])] = [], level: Int32) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredRows.count)
        let stream = UnsafeMutableRawBufferPointer.allocate(byteCount: bound, alignment: 16)
        defer { stream.deallocate() }
        let streamBytes = libdeflate_zlib_compress(compressor, filteredRows.baseAddress, filteredRows.count,
                                                   stream.baseAddress, bound)
        guard streamBytes > 0 else { return nil }
        let compressed = UnsafeRawBufferPointer(rebasing: stream[..<streamBytes])

        var header = [UInt8]()
        header.reserveCapacity(13)
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // bit depth 8, colour type, compression 0 (deflate), filter method 0 (adaptive), no interlace
        header += [8, colourType.rawValue, 0, 0, 0]

        let pieces = stride(from: 0, to: compressed.count, by: maximumChunkData).map {
            UnsafeRawBufferPointer(rebasing: compressed[$0..<min(compressed.count, $0 + maximumChunkData)])
        }
        var file = [UInt8]()
        file.reserveCapacity(signature.count + 25 + (profile.map { $0.count + 12 } ?? 0)
                             + compressed.count + 12 * pieces.count + 12)
        file += signature
        header.withUnsafeBytes { appendChunk("IHDR", data: $0, to: &file) }
        profile?.withUnsafeBytes { appendChunk("iCCP", data: $0, to: &file) }
        for chunk in metadataChunks { chunk.data.withUnsafeBytes { appendChunk(chunk.type, data: $0, to: &file) } }
        for piece in pieces { appendChunk("IDAT", data: piece, to: &file) }
        appendChunk("IEND", data: UnsafeRawBufferPointer(start: nil, count: 0), to: &file)
        return file
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Length, type, data, and the CRC-32 of type and data.
    static func appendChunk(_ type: StaticString, data: UnsafeRawBufferPointer, to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: 4)
        file += typeBytes
        if data.count > 0 { file += data }
        var crc = UInt32(libdeflate_crc32(0, typeBytes.baseAddress, 4))
        if data.count > 0 { crc = UInt32(libdeflate_crc32(crc, data.baseAddress, data.count)) }
        appendBigEndian(crc, to: &file)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
