/// A walk over a PNG's chunks that reads what the decoder needs before libpng runs: the size
/// (to refuse huge images before allocating), the EXIF orientation (eXIf chunk), and where the
/// chunks that carry gamma information are.
///
/// Why gamma chunks matter: libpng's simplified API converts what it reads to sRGB (8-bit
/// output) or linear light (16-bit output) using the file's gAMA, sRGB or iCCP chunk. Pillow,
/// the reference these decoders match, never does; it hands over the stored values. So a PNG
/// with `gAMA 1.0` would come out brighter than in Pillow. `hideGammaChunks` renames those
/// chunks to private, unknown ones (flipping the case of the second letter, with the CRC
/// recomputed) so libpng skips them and the stored values come through unchanged.
struct PNGChunkScan {
    var width = 0
    var height = 0
    var bitDepth = 0
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colourType = 0
    var hasTransparencyChunk = false
    var orientation: ImageOrientation = .topLeft
    /// Offsets of gAMA chunks before the image data.
    private(set) var gammaChunkOffsets: [Int] = []
    /// Offsets of sRGB and iCCP chunks before the image data.
    private(set) var colourSpaceChunkOffsets: [Int] = []

    /// 16-bit images without alpha are read as 16-bit linear values and reduced to 8 bits by
    /// the decoder itself (`v >> 8`, as Pillow does); everything else is read as 8-bit RGBA.
    var readsSixteenBitValues: Bool {
        bitDepth == 16 && (colourType == 0 || colourType == 2) && !hasTransparencyChunk
    }

    /// The chunks to hide from libpng: gAMA always (it can make any output non-identity); sRGB
    /// and iCCP too when the image is read as linear 16-bit values, where libpng would otherwise
    /// convert sRGB-tagged data to linear light.
    var chunksToHide: [Int] {
        readsSixteenBitValues ? gammaChunkOffsets + colourSpaceChunkOffsets : gammaChunkOffsets
    }

    /// Reads IHDR and walks the chunk list. Only a missing or short IHDR is an error here; any
    /// later damage is left to libpng, which reports it precisely.
    init(_ b: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
        // Signature (8) + IHDR length (4) + type (4) + data (13) + CRC (4).
        guard b.count >= 33 else { throw ImageCodecError(source: source, reason: .truncated) }
        func u32(_ at: Int) -> Int {
            Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
        }
        guard u32(8) == 13, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else {
            throw ImageCodecError(source: source, reason: .corrupt("the first chunk is not IHDR"))
        }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(b[24])
        colourType = Int(b[25])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageCodecError(source: source, reason: .corrupt("IHDR declares a \(width)x\(height) image"))
        }

        var at = 33
        var beforeImageData = true
        var sawExif = false
        while at + 8 <= b.count {
            let length = u32(at)
            let type = (b[at + 4], b[at + 5], b[at + 6], b[at + 7])
            let dataStart = at + 8
            guard length <= Int(Int32.max), dataStart + length + 4 <= b.count else { break }
            switch type {
            case (0x49, 0x44, 0x41, 0x54):                                  // IDAT
                beforeImageData = false
            case (0x49, 0x45, 0x4E, 0x44):                                  // IEND
                return
            case (0x67, 0x41, 0x4D, 0x41) where beforeImageData:           // gAMA
                gammaChunkOffsets.append(at)
            case (0x73, 0x52, 0x47, 0x42) where beforeImageData,           // sRGB
                 (0x69, 0x43, 0x43, 0x50) where beforeImageData:           // iCCP
                colourSpaceChunkOffsets.append(at)
            case (0x74, 0x52, 0x4E, 0x53) where beforeImageData:           // tRNS
                hasTransparencyChunk = true
            case (0x65, 0x58, 0x49, 0x66) where !sawExif:                  // eXIf
                sawExif = true
                let block = UnsafeRawBufferPointer(rebasing: b[dataStart..<(dataStart + length)])
                orientation = ExifOrientationReader.orientation(in: block) ?? .topLeft
            default:
                break
            }
            at = dataStart + length + 4
        }
    }

    /// Renames the chunks at `offsets` (see the type's comment) in `bytes`, which must be the
    /// buffer this scan was made from.
    static func hideChunks(at offsets: [Int], in bytes: UnsafeMutableRawBufferPointer) {
        for at in offsets {
            let length = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).bigEndian)
            bytes[at + 5] ^= 0x20                   // second letter: public -> private, unknown
            let crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at + 8 + length)]))
            bytes.storeBytes(of: crc.bigEndian, toByteOffset: at + 8 + length, as: UInt32.self)
        }
    }
}
