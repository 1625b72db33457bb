/// A strict walk over a PNG's chunks for the fast decoder: where the palette, the
/// transparency chunk and the image data are, with every chunk up to the end of the image
/// data checked (CRC, name, length, order).
///
/// It accepts only files libpng's simplified API reads without any warning that could change
/// the pixels or any error: anything else throws a `PNGFastPathDecline` and the file goes to
/// libpng, which then decodes it (ignoring what it ignores) or fails with its own message.
/// Being stricter than libpng only costs speed on odd files; being laxer would change results,
/// so every rule below errs towards declining.
///
/// Like libpng's simplified reader, the walk stops at the first chunk after the run of IDAT
/// chunks: what follows the image data (text, IEND, or nothing at all in a file that lost its
/// IEND) is never read.
struct PNGStreamLayout {
    var width = 0
    var height = 0
    /// 1, 2, 4, 8 or 16.
    var bitDepth = 0
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colourType = 0
    /// Whether the rows come in the seven passes of Adam7.
    var interlaced = false
    /// The PLTE chunk's data (3 bytes an entry), for palette images.
    var palette: Range<Int>?
    /// The tRNS chunk's data, when the file has one before its image data.
    var transparency: Range<Int>?
    /// The data of each IDAT chunk, in order: together, one zlib stream.
    private(set) var imageData: [Range<Int>] = []
    /// Sum of the IDAT data lengths.
    private(set) var compressedByteCount = 0
    /// Whether the file ends inside the last IDAT chunk (its data counted up to the end of the
    /// file). Pillow reads such a file when the deflate stream itself is complete and only the
    /// zlib trailer (Adler-32) or the chunk's CRC is missing; so does the fast path.
    private(set) var endsInsideImageData = false

    /// libpng's default limits (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`): larger sides are
    /// an error there.
    static let maximumSide = 1_000_000
    /// libpng's default `PNG_USER_CHUNK_MALLOC_MAX`: a longer chunk is an error there (IDAT
    /// chunks may be longer, up to about the size of the uncompressed data).
    static let maximumChunkLength = 8_000_000

    /// Channels per pixel for a colour type.
    static func channels(colourType: Int) -> Int {
        switch colourType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// Bytes in one row of pixels, without the filter byte.
    var rowBytes: Int { rowBytes(width: width) }

    /// Bytes in a row of `width` pixels, without the filter byte.
    func rowBytes(width: Int) -> Int { (width * Self.channels(colourType: colourType) * bitDepth + 7) / 8 }

    /// Bytes of the inflated image data: each row is a filter byte and the row, pass by pass
    /// when interlaced.
    var filteredByteCount: Int {
        passes.reduce(0) { $0 + $1.height * (1 + rowBytes(width: $1.width)) }
    }

    /// The passes the rows come in: the whole image, or the non-empty passes of Adam7.
    var passes: [PNGInterlacePass] {
        interlaced ? PNGInterlacePass.adam7(width: width, height: height)
            : [PNGInterlacePass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)]
    }

    /// Bytes from one pixel to the next, as the filters count them (at least 1).
    var filterStride: Int { max(1, Self.channels(colourType: colourType) * bitDepth / 8) }

    init(_ b: UnsafeRawBufferPointer) throws(PNGFastPathDecline) {
        guard b.count >= PNGChunks.afterHeader, b.prefix(8).elementsEqual(ImageFormat.pngSignature) else {
            throw PNGFastPathDecline("shorter than a signature and IHDR")
        }
        guard let header = PNGChunks.header(b), header.chunk.checksumMatches(in: b) else {
            throw PNGFastPathDecline("no intact IHDR")
        }
        width = header.width
        height = header.height
        bitDepth = header.bitDepth
        colourType = header.colourType
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw PNGFastPathDecline("size outside libpng's limits")
        }
        guard header.compression == 0, header.filter == 0 else { throw PNGFastPathDecline("unknown compression or filter method") }
        guard header.interlace <= 1 else { throw PNGFastPathDecline("unknown interlace method") }
        interlaced = header.interlace == 1
        switch (colourType, bitDepth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (3, 1), (3, 2), (3, 4), (3, 8), (2, 8), (4, 8), (6, 8),
             (0, 16), (2, 16), (4, 16), (6, 16):
            break
        default:
            throw PNGFastPathDecline("colour type \(colourType) at bit depth \(bitDepth)")
        }

        let idatLimit = max(Self.maximumChunkLength, filteredByteCount)
        var chunks = PNGChunks(b)
        while let chunk = chunks.next() {
            if !imageData.isEmpty && chunk.type != PNGChunk.idat { break }     // past the image data: done
            guard Self.isValidName(chunk.type) else { throw PNGFastPathDecline("invalid chunk name") }
            guard chunk.data.count <= (chunk.type == PNGChunk.idat ? idatLimit : Self.maximumChunkLength) else {
                throw PNGFastPathDecline("chunk longer than libpng allows")
            }
            guard chunk.checksumMatches(in: b) else { throw PNGFastPathDecline("chunk CRC mismatch") }
            switch chunk.type {
            case PNGChunk.idat:
                guard colourType != 3 || palette != nil else { throw PNGFastPathDecline("no PLTE before IDAT") }
                imageData.append(chunk.data)
                compressedByteCount += chunk.data.count
            case PNGChunk.plte:
                try notePalette(chunk.data)
            case PNGChunk.trns:
                try noteTransparency(chunk.data, in: b)
            case PNGChunk.ihdr, PNGChunk.iend:
                throw PNGFastPathDecline("IHDR or IEND out of place")
            default:
                // An unknown critical chunk (upper-case first letter) is an error in libpng;
                // ancillary chunks (gAMA, sRGB, iCCP, cHRM, eXIf, text...) leave 8-bit pixels alone.
                guard chunk.isAncillary else { throw PNGFastPathDecline("unknown critical chunk") }
            }
        }
        if let cut = chunks.cutOffType, let partial = chunks.cutOffData, cut == PNGChunk.idat,
           colourType != 3 || palette != nil {
            imageData.append(partial)
            compressedByteCount += partial.count
            endsInsideImageData = true
        } else if chunks.cutOffType != nil && imageData.isEmpty {
            throw PNGFastPathDecline("a chunk is cut off")
        }
        guard !imageData.isEmpty else { throw PNGFastPathDecline("the data ends before any IDAT") }
    }

    private mutating func notePalette(_ data: Range<Int>) throws(PNGFastPathDecline) {
        guard colourType == 2 || colourType == 3 || colourType == 6 else {
            throw PNGFastPathDecline("PLTE in a gray image")
        }
        guard palette == nil, transparency == nil else { throw PNGFastPathDecline("PLTE repeated or after tRNS") }
        let entries = data.count / 3
        guard data.count % 3 == 0, entries >= 1, entries <= 256,
              colourType != 3 || entries <= 1 << bitDepth else {
            throw PNGFastPathDecline("PLTE of an invalid length")
        }
        palette = data
    }

    private mutating func noteTransparency(_ data: Range<Int>, in b: UnsafeRawBufferPointer) throws(PNGFastPathDecline) {
        guard transparency == nil else { throw PNGFastPathDecline("tRNS repeated") }
        let maximumSample = (1 << bitDepth) - 1
        func sample(_ i: Int) -> Int { Int(b[data.lowerBound + 2 * i]) << 8 | Int(b[data.lowerBound + 2 * i + 1]) }
        switch colourType {
        case 0:
            guard data.count == 2, sample(0) <= maximumSample else { throw PNGFastPathDecline("invalid gray tRNS") }
        case 2:
            guard data.count == 6, (0..<3).allSatisfy({ sample($0) <= maximumSample }) else {
                throw PNGFastPathDecline("invalid RGB tRNS")
            }
        case 3:
            guard let palette, data.count >= 1, data.count <= palette.count / 3 else {
                throw PNGFastPathDecline("tRNS without PLTE before it, or longer than the palette")
            }
        default:
            throw PNGFastPathDecline("tRNS in an image with an alpha channel")
        }
        transparency = data
    }

    /// Four ASCII letters, as libpng's `png_check_chunk_name` requires.
    private static func isValidName(_ type: UInt32) -> Bool {
        (0..<4).allSatisfy { i in
            let c = (type >> (8 * i)) & 0xFF
            return (65...90).contains(c) || (97...122).contains(c)
        }
    }
}
