/// A walk over a PNG's chunks that reads what the decoder needs before libpng runs: the size
/// (to refuse huge images before allocating), the orientation (eXIf chunk, else ImageMagick's
/// "Raw profile type exif" text chunk, else XMP; see `MetadataOrientation`), and where the
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
    /// Whether IHDR names an interlace method (Adam7, or any other non-zero byte).
    var interlaced = false
    var hasTransparencyChunk = false
    /// Entries of the last PLTE and of the last tRNS before the image data (nil when none).
    private(set) var paletteEntries: Int?
    private(set) var transparencyEntries: Int?
    var orientation: ImageOrientation = .topLeft
    /// Offsets of gAMA chunks before the image data.
    private(set) var gammaChunkOffsets: [Int] = []
    /// Offsets of sRGB and iCCP chunks before the image data.
    private(set) var colourSpaceChunkOffsets: [Int] = []

    /// Whether the file ends inside a chunk (other than IDAT) that comes before any image data:
    /// its length field says more than the file holds. Such a file has no pixels, and libpng
    /// would find that out only after allocating and clearing the declared length (up to 2 GiB
    /// for a few hundred bytes), so it is refused as truncated before libpng sees it.
    private(set) var cutOffBeforeImageData = false

    /// Whether every decoded alpha is 255: no alpha channel (gray, RGB, palette) and no tRNS.
    var hasNoAlpha: Bool {
        colourType & 4 == 0 && !hasTransparencyChunk
    }

    /// 16-bit images without alpha are read as 16-bit linear values and reduced to 8 bits by
    /// the decoder itself (`v >> 8`, as Pillow does); everything else is read as 8-bit RGBA.
    var readsSixteenBitValues: Bool {
        bitDepth == 16 && (colourType == 0 || colourType == 2) && !hasTransparencyChunk
    }

    /// Whether libpng's simplified API would reduce this image from 16 to 8 bits itself while
    /// de-interlacing it, which it does wrongly (see `PNGDecoder`).
    var libpngReducesInterlacedSixteenBits: Bool {
        bitDepth == 16 && interlaced && !readsSixteenBitValues
    }

    /// A palette image whose tRNS has more entries than its PLTE. libpng drops such a tRNS (a
    /// benign "invalid" error) and reads the image opaque; Pillow applies it, entry by entry,
    /// and an index past the palette is black with the tRNS entry's alpha. Such a file is read
    /// as `PNGPillowRepair` rewrites it. (Without a PLTE, or with an empty one, libpng refuses
    /// the file, and the repair reads it only when warnings are not errors.)
    var transparencyOutrunsPalette: Bool {
        guard colourType == 3, let transparencyEntries, let paletteEntries, paletteEntries > 0 else { return false }
        return transparencyEntries > paletteEntries
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
        guard b.count >= PNGChunks.afterHeader else { throw ImageCodecError(source: source, reason: .truncated) }
        guard let header = PNGChunks.header(b) else {
            throw ImageCodecError(source: source, reason: .corrupt("the first chunk is not IHDR"))
        }
        width = header.width
        height = header.height
        bitDepth = header.bitDepth
        colourType = header.colourType
        interlaced = header.interlace != 0
        guard ImageHeader.sides.contains(width), ImageHeader.sides.contains(height) else {
            throw ImageCodecError(source: source, reason: .corrupt("IHDR declares a \(width)x\(height) image"))
        }

        var beforeImageData = true
        var sawExif = false
        var metadata = MetadataOrientation()
        // Text chunks as Pillow keeps them: by keyword, the last one winning.
        var rawProfile: [UInt8]? = nil
        var xmp: [UInt8]? = nil
        defer {
            if !sawExif, let rawProfile, let block = MetadataOrientation.rawProfileBytes(rawProfile) {
                metadata.exif = block.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
            }
            if let xmp { metadata.xmp = xmp.withUnsafeBytes { MetadataOrientation.xmpOrientation(in: $0) } }
            orientation = metadata.resolved
        }
        // A chunk cut off at the end stops the walk: libpng reports that damage precisely,
        // except before the image data (see `cutOffBeforeImageData`).
        var walk = PNGChunks(b)
        chunks: while let chunk = walk.next() {
            switch chunk.type {
            case PNGChunk.idat:
                beforeImageData = false
            case PNGChunk.iend:
                break chunks
            case PNGChunk.gama where beforeImageData:
                gammaChunkOffsets.append(chunk.offset)
            case PNGChunk.srgb where beforeImageData, PNGChunk.iccp where beforeImageData:
                colourSpaceChunkOffsets.append(chunk.offset)
            case PNGChunk.trns where beforeImageData:
                hasTransparencyChunk = true
                transparencyEntries = chunk.data.count
            case PNGChunk.plte where beforeImageData:
                paletteEntries = chunk.data.count / 3
            case PNGChunk.exif where !sawExif:
                sawExif = true
                metadata.exif = ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: b[chunk.data]))
            case PNGChunk.text, PNGChunk.compressedText, PNGChunk.internationalText:
                guard let entry = PNGTextChunk(type: chunk.type, data: UnsafeRawBufferPointer(rebasing: b[chunk.data])) else { break }
                switch entry.keyword {
                case PNGTextChunk.rawExifProfile: rawProfile = entry.text
                case PNGTextChunk.xmp: xmp = entry.text
                default: break
                }
            default:
                break
            }
        }
        cutOffBeforeImageData = beforeImageData && walk.cutOffType.map { $0 != PNGChunk.idat } == true
    }

    /// Renames the chunks at `offsets` (see the type's comment) in `bytes`, which must be the
    /// buffer this scan was made from.
    static func hideChunks(at offsets: [Int], in bytes: UnsafeMutableRawBufferPointer) {
        for at in offsets {
            let length = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).bigEndian)
            bytes[at + 5] ^= 0x20                   // second letter: public -> private, unknown
            let crc = PNGChunk.checksum(UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at + 8 + length)]))
            bytes.storeBytes(of: crc.bigEndian, toByteOffset: at + 8 + length, as: UInt32.self)
        }
    }
}
