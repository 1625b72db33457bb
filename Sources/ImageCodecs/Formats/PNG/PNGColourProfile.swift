/// A PNG's ICC profile: the `iCCP` chunk, read from an input and written by `PNGEncoder`.
enum PNGColourProfile {
    /// The `iCCP` chunk before the image data: a name, a NUL, compression method 0, and the
    /// zlib-compressed profile.
    static func read(_ b: UnsafeRawBufferPointer) -> [UInt8]? {
        for chunk in PNGChunks(b) {
            if chunk.type == PNGChunk.idat { return nil }
            guard chunk.type == PNGChunk.iccp else { continue }
            let data = UnsafeRawBufferPointer(rebasing: b[chunk.data])
            guard let nul = data.firstIndex(of: 0), nul < 80, nul + 2 < data.count, data[nul + 1] == 0 else { return nil }
            return ZlibData.inflate(UnsafeRawBufferPointer(rebasing: data[(nul + 2)...]), limit: ICCProfile.maximumBytes)
        }
        return nil
    }

    /// The data of an `iCCP` chunk holding `profile`: the name "ICC Profile", a NUL,
    /// compression method 0 and the profile zlib-deflated at level 6 (zlib's default); nil
    /// when libdeflate cannot allocate its compressor (the file is then written without it).
    static func chunkData(_ profile: [UInt8]) -> [UInt8]? {
        guard let compressed = ZlibData.deflate(profile, level: 6) else { return nil }
        return Array("ICC Profile".utf8) + [0, 0] + compressed
    }
}
