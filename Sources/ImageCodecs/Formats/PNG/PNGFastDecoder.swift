/// A PNG decoder that does the work libpng does, faster, for every layout: gray (1/2/4/8/16-
/// bit), gray+alpha, RGB and RGBA (8/16-bit) and palette (1/2/4/8-bit) images, with or without
/// tRNS, interlaced (Adam7) or not.
///
/// Why: libpng inflates with zlib in small steps and unfilters a row at a time through its
/// transform machinery; on photos that made PNG decoding about a third of a batch's CPU time.
/// Here the chunks are checked (`PNGStreamLayout`), the IDAT data is inflated in one call by
/// libdeflate (`ZlibInflater`) into exactly the bytes of the filtered rows (inside the
/// result's own storage for non-interlaced 8-bit RGB and RGBA), and the rows are unfiltered straight into the RGBA
/// result (`PNGUnfilter`, `PNGRowExpander`). On 8-bit RGB photos that is about 3x faster than
/// libpng, and than Pillow.
///
/// The pixels equal the libpng path's (`PNGDecoder`): the stored values, gamma chunks
/// ignored (libpng's simplified API leaves 8-bit data alone once gAMA is hidden from it, and
/// sRGB/iCCP/cHRM do not change 8-bit RGBA output); 16-bit samples become their high byte,
/// as Pillow reads them, where libpng would round them (images with alpha or tRNS) or, when
/// interlaced, mix up their rows (see `PNGDecoder`). Anything this decoder does not handle, and
/// any damage or oddity at all (a CRC mismatch, a cut chunk, a bad zlib stream or Adler-32,
/// extra image data, an invalid filter type or palette index...), throws a
/// `PNGFastPathDecline` and the file goes through libpng, which decodes it or reports the
/// failure exactly as it did before this decoder existed.
enum PNGFastDecoder {
    /// The stored pixels of `bytes` as RGBA (no EXIF orientation applied), or a decline.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(PNGFastPathDecline) -> HostImage {
        let layout = try PNGStreamLayout(bytes)
        let outputCount = layout.width * layout.height * 4
        let filteredCount = layout.filteredByteCount
        // 8-bit RGB and RGBA are inflated into the result's own storage, at its end, and
        // unfiltered forwards from its start, which saves a buffer of 3/4 of the image and its
        // page faults; the storage is a little longer than the pixels (`inPlaceCapacity`).
        // Other layouts are inflated into a buffer of their own. Either way 8 bytes of slack
        // follow the data: an RGB pixel is read as 4 bytes, one past the last row's end.
        let inPlace = !layout.interlaced && layout.bitDepth == 8 && (layout.colourType == 2 || layout.colourType == 6)
        let filteredEnd = inPlace ? inPlaceCapacity(layout) : filteredCount
        var failure: PNGFastPathDecline?
        // Written whole: inflation fills exactly the filtered bytes or declines, and the
        // unfilter writes every output row from them.
        let pixels = [UInt8](pixelCapacity: inPlace ? filteredEnd + 8 : outputCount, .writtenWhole) { storage, initialized in
            initialized = 0
            let output = storage.baseAddress!
            do throws(PNGFastPathDecline) {
                if inPlace {
                    let filtered = output + (filteredEnd - filteredCount)
                    try inflateImageData(of: layout, in: bytes,
                                         into: UnsafeMutableRawBufferPointer(start: filtered, count: filteredCount))
                    try unfilterRGB(layout, in: bytes, from: filtered, into: output)
                } else {
                    // Not zeroed: the inflater fills exactly `filteredCount` bytes or throws, and
                    // the 8 bytes of slack are never copied to the output.
                    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount + 8)
                    defer { buffer.deallocate() }
                    try inflateImageData(of: layout, in: bytes,
                                         into: UnsafeMutableRawBufferPointer(start: buffer, count: filteredCount))
                    try unfilterOther(layout, in: bytes, from: buffer, into: output)
                }
                initialized = outputCount
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return HostImage(width: layout.width, height: layout.height, computedPixels: pixels)
    }

    /// Inflates the IDAT stream into exactly `output`. The chunks' data is inflated where it
    /// lies when there is one IDAT, or after copying the pieces together (a memcpy, small
    /// next to inflating).
    private static func inflateImageData(of layout: PNGStreamLayout, in bytes: UnsafeRawBufferPointer,
                                         into output: UnsafeMutableRawBufferPointer) throws(PNGFastPathDecline) {
        let pieces = layout.imageData.filter { !$0.isEmpty }
        guard let first = pieces.first, layout.compressedByteCount >= 2 else {
            throw PNGFastPathDecline("no image data")
        }
        // libpng inflates with the window the zlib header declares, so a stream whose header
        // declares a window smaller than a back-reference reaches fails there ("invalid
        // distance too far back"); libdeflate always allows 32 KiB. A declared window at least
        // as large as the whole output cannot be overreached.
        let header = bytes[first.lowerBound]
        let window = header & 0x0F == 8 && header >> 4 <= 7 ? 1 << (Int(header >> 4) + 8) : 0
        guard window == 32768 || window >= output.count else {
            throw PNGFastPathDecline("the zlib header declares a small window")
        }
        guard let inflater = ZlibInflater() else { throw PNGFastPathDecline("cannot allocate a decompressor") }
        inflater.trailerMayBeMissing = layout.endsInsideImageData
        if pieces.count == 1 {
            try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[first]), into: output)
            return
        }
        let joined = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.compressedByteCount, alignment: 16)
        defer { joined.deallocate() }
        var at = 0
        for piece in pieces {
            joined.baseAddress!.advanced(by: at).copyMemory(from: bytes.baseAddress! + piece.lowerBound,
                                                            byteCount: piece.count)
            at += piece.count
        }
        try inflater.inflate(UnsafeRawBufferPointer(joined), into: output)
    }

    /// Where the inflated data of an 8-bit RGB or RGBA image ends when it is placed at the end
    /// of the output storage: far enough past the pixels that `unfilterRGB` never overwrites
    /// input it has still to read.
    ///
    /// With `s` bytes a pixel (3 or 4), `w` pixels a row, `h` rows and the input starting at
    /// offset `D`, output row `r` is `[4wr, 4w(r+1))` and input row `r` starts at
    /// `D + r(sw+1)`. Pixel `x` of a row is written after its input, and the 4 bytes read
    /// for it, are consumed; of the rows' own input, the next unread byte is pixel `x + 1`'s.
    /// Unfiltering one row at a time needs `D >= h(w-1)` for RGB (the pixels' end; then row
    /// `r`'s output ends at or before row `r+1`'s input) and `D >= 0` for RGBA (each output
    /// row is a byte shorter than its input). Paeth row pairs write the second row's pixel
    /// `x - 1` while the first row's pixel `x + 1` is still unread, which needs
    /// `D >= y(w-1) + 5w - 4` for RGB at pair row `y <= h-2`, so `D = h(w-1) + 3w`, and
    /// `D >= 4w - 5` for RGBA, so `D = 4w`. Both are under one row past the pixels' end.
    private static func inPlaceCapacity(_ layout: PNGStreamLayout) -> Int {
        let w = layout.width, h = layout.height
        let start = layout.colourType == 2 ? h * (w - 1) + 3 * w : 4 * w
        return start + layout.filteredByteCount
    }

    /// Unfilters the rows of an 8-bit RGB or RGBA image into RGBA at `output`, applying an
    /// RGB tRNS colour. `filtered` may lie inside the output itself, as `inPlaceCapacity`
    /// places it.
    private static func unfilterRGB(_ layout: PNGStreamLayout, in bytes: UnsafeRawBufferPointer,
                                    from filtered: UnsafeMutablePointer<UInt8>,
                                    into output: UnsafeMutablePointer<UInt8>) throws(PNGFastPathDecline) {
        let width = layout.width, height = layout.height, rowBytes = layout.rowBytes, outputRowBytes = width * 4
        let rgb = layout.colourType == 2
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: outputRowBytes)
        zeros.initialize(repeating: 0, count: outputRowBytes)
        defer { zeros.deallocate() }
        let key = layout.transparency.map { t in (bytes[t.lowerBound + 1], bytes[t.lowerBound + 3], bytes[t.lowerBound + 5]) }
        var y = 0
        while y < height {
            let row = filtered + y * (1 + rowBytes)
            let above = y == 0 ? UnsafePointer(zeros) : UnsafePointer(output + (y - 1) * outputRowBytes)
            let destination = output + y * outputRowBytes
            var rows = 1
            if row[0] == 4 && y + 1 < height && row[1 + rowBytes] == 4 {
                rows = 2
                if rgb {
                    PNGUnfilter.rgbPaethRowPairToRGBA(source: row + 1, nextSource: row + 2 + rowBytes, above: above,
                                                      destination: destination,
                                                      nextDestination: destination + outputRowBytes, width: width)
                } else {
                    PNGUnfilter.rgbaPaethRowPairToRGBA(source: row + 1, nextSource: row + 2 + rowBytes, above: above,
                                                       destination: destination,
                                                       nextDestination: destination + outputRowBytes, width: width)
                }
            } else {
                let unfiltered = rgb
                    ? PNGUnfilter.rgbRowToRGBA(filter: row[0], source: row + 1, above: above,
                                               destination: destination, width: width)
                    : PNGUnfilter.rgbaRowToRGBA(filter: row[0], source: row + 1, above: above,
                                                destination: destination, width: width)
                guard unfiltered else { throw PNGFastPathDecline("invalid filter type") }
            }
            if let key {
                PNGRowExpander.clearTransparentColour(destination, width: rows * width,
                                                      red: key.0, green: key.1, blue: key.2)
            }
            y += rows
        }
    }

    /// Unfilters the rows of an interlaced image, or of a gray, gray+alpha, palette or 16-bit
    /// one, in place in `filtered`, pass by pass, and expands each row to RGBA: straight into
    /// `output` when the image is not interlaced, else into a row of its own whose pixels are
    /// then placed where the pass puts them.
    private static func unfilterOther(_ layout: PNGStreamLayout, in bytes: UnsafeRawBufferPointer,
                                      from filtered: UnsafeMutablePointer<UInt8>,
                                      into output: UnsafeMutablePointer<UInt8>) throws(PNGFastPathDecline) {
        let width = layout.width, outputRowBytes = width * 4
        let widestRow = layout.rowBytes
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: widestRow)
        zeros.initialize(repeating: 0, count: widestRow)
        defer { zeros.deallocate() }
        let passRow = UnsafeMutablePointer<UInt8>.allocate(capacity: layout.interlaced ? outputRowBytes : 0)
        defer { passRow.deallocate() }
        let paletteTable = layout.palette.map { palette in
            PNGRowExpander.paletteTable(palette: UnsafeRawBufferPointer(rebasing: bytes[palette]),
                                        alphas: layout.transparency.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
                                            ?? UnsafeRawBufferPointer(start: nil, count: 0))
        } ?? []
        // The tRNS colour of a gray or RGB image, as 16-bit samples (PNG compares all bits).
        let key: [Int]? = layout.colourType == 0 || layout.colourType == 2
            ? layout.transparency.map { t in
                stride(from: t.lowerBound, to: t.upperBound, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
            } : nil
        var largestIndex = 0
        var row = filtered + 1
        for pass in layout.passes {
            let rowBytes = layout.rowBytes(width: pass.width)
            for j in 0..<pass.height {
                let above = j == 0 ? UnsafePointer(zeros) : UnsafePointer(row - 1 - rowBytes)
                guard PNGUnfilter.unfilterInPlace(filter: row[-1], row: row, above: above,
                                                  count: rowBytes, stride: layout.filterStride) else {
                    throw PNGFastPathDecline("invalid filter type")
                }
                let y = pass.y0 + j * pass.dy
                let destination = layout.interlaced ? passRow : output + y * outputRowBytes
                let largest = paletteTable.withUnsafeBufferPointer { table in
                    expand(row, layout: layout, width: pass.width, key: key, palette: table.baseAddress,
                           into: destination)
                }
                largestIndex = max(largestIndex, largest)
                if layout.interlaced {
                    PNGRowExpander.scatter(passRow, count: pass.width, into: output + y * outputRowBytes + pass.x0 * 4,
                                           step: pass.dx)
                }
                row += 1 + rowBytes
            }
        }
        if let palette = layout.palette, layout.colourType == 3, largestIndex >= palette.count / 3 {
            throw PNGFastPathDecline("palette index past the end of the palette")
        }
    }

    /// One unfiltered row of `width` pixels as RGBA at `destination`; for a palette image,
    /// returns the largest index seen (0 otherwise).
    private static func expand(_ row: UnsafeMutablePointer<UInt8>, layout: PNGStreamLayout, width: Int, key: [Int]?,
                               palette: UnsafePointer<UInt32>?, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        if layout.bitDepth == 16 {
            PNGRowExpander.sixteenBitRow(row, into: destination, width: width,
                                         channels: PNGStreamLayout.channels(colourType: layout.colourType),
                                         transparentSamples: key)
            return 0
        }
        switch layout.colourType {
        case 0:
            PNGRowExpander.grayRow(row, into: destination, width: width, bitDepth: layout.bitDepth,
                                   transparentSample: key?[0])
        case 2:
            PNGRowExpander.rgbRow(row, into: destination, width: width)
            if let key {
                PNGRowExpander.clearTransparentColour(destination, width: width, red: UInt8(truncatingIfNeeded: key[0]),
                                                      green: UInt8(truncatingIfNeeded: key[1]),
                                                      blue: UInt8(truncatingIfNeeded: key[2]))
            }
        case 4:
            PNGRowExpander.grayAlphaRow(row, into: destination, width: width)
        case 6:
            destination.update(from: row, count: width * 4)
        default:
            return PNGRowExpander.paletteRow(row, into: destination, width: width, bitDepth: layout.bitDepth,
                                             table: palette!)
        }
        return 0
    }
}
