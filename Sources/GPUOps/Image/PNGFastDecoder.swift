/// A PNG decoder for the common layouts that does the work libpng does, faster, with the same
/// result to the byte: non-interlaced gray (1/2/4/8-bit), gray+alpha, RGB and RGBA (8-bit)
/// and palette (1/2/4/8-bit) images, with or without tRNS.
///
/// Why: libpng inflates with zlib in small steps and unfilters a row at a time through its
/// transform machinery; on photos that made PNG decoding about a third of a batch's CPU time.
/// Here the chunks are checked (`PNGStreamLayout`), the IDAT data is inflated in one call by
/// libdeflate (`ZlibInflater`) into a buffer of exactly `height * (1 + rowBytes)` bytes, and
/// the rows are unfiltered straight into the RGBA result (`PNGUnfilter`, `PNGRowExpander`).
///
/// The pixels equal the libpng path's (`PNGDecoder`): the stored values, gamma chunks
/// ignored (libpng's simplified API leaves 8-bit data alone once gAMA is hidden from it, and
/// sRGB/iCCP/cHRM do not change 8-bit RGBA output). Anything this decoder does not handle, and
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
        // 8-bit RGB and RGBA are inflated into the result's own storage, ending where the
        // pixels end (RGBA rows are one filter byte longer, so its storage gets `height` bytes
        // more than the pixels need), and unfiltered forwards from its start: an output row is
        // never longer than its input row, so writing never overtakes reading (see
        // `unfilterRGB`). That saves a buffer of 3/4 of the image and its page faults. Other
        // layouts are inflated into a buffer of their own. Either way 8 bytes of slack follow
        // the data: an RGB pixel is read as 4 bytes, one past the last row's end.
        let inPlace = layout.bitDepth == 8 && (layout.colourType == 2 || layout.colourType == 6)
        let filteredEnd = max(outputCount, filteredCount)
        var failure: PNGFastPathDecline?
        let pixels = [UInt8](unsafeUninitializedCapacity: inPlace ? filteredEnd + 8 : outputCount) { storage, initialized in
            initialized = 0
            let output = storage.baseAddress!
            do throws(PNGFastPathDecline) {
                if inPlace {
                    let filtered = output + (filteredEnd - filteredCount)
                    try inflateImageData(of: layout, in: bytes,
                                         into: UnsafeMutableRawBufferPointer(start: filtered, count: filteredCount))
                    try unfilterRGB(layout, in: bytes, from: filtered, into: output)
                } else {
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
        return HostImage(width: layout.width, height: layout.height, pixels: pixels)
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

    /// Unfilters the rows of an 8-bit RGB or RGBA image into RGBA at `output`, applying an
    /// RGB tRNS colour. `filtered` may lie inside the output itself, ending where the pixels
    /// end (RGB) or starting where they start (RGBA, whose rows shrink by the filter byte):
    /// for RGB, output row `y` ends at `4w(y+1)` and input row `y+1` starts at
    /// `h(w-1) + (y+1)(3w+1)`, which is never before it as `y+1 <= h`; and within a row the
    /// output pixel `x` ends no later than input pixel `x+1` starts, so each pixel is read
    /// (with the byte after it) before anything overwrites it. For RGBA the write position
    /// trails the read position by `y+1` bytes.
    private static func unfilterRGB(_ layout: PNGStreamLayout, in bytes: UnsafeRawBufferPointer,
                                    from filtered: UnsafeMutablePointer<UInt8>,
                                    into output: UnsafeMutablePointer<UInt8>) throws(PNGFastPathDecline) {
        let width = layout.width, rowBytes = layout.rowBytes, outputRowBytes = width * 4
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: outputRowBytes)
        zeros.initialize(repeating: 0, count: outputRowBytes)
        defer { zeros.deallocate() }
        let key = layout.transparency.map { t in (bytes[t.lowerBound + 1], bytes[t.lowerBound + 3], bytes[t.lowerBound + 5]) }
        for y in 0..<layout.height {
            let row = filtered + y * (1 + rowBytes)
            let above = y == 0 ? UnsafePointer(zeros) : UnsafePointer(output + (y - 1) * outputRowBytes)
            let destination = output + y * outputRowBytes
            let unfiltered = layout.colourType == 2
                ? PNGUnfilter.rgbRowToRGBA(filter: row[0], source: row + 1, above: above,
                                           destination: destination, width: width)
                : PNGUnfilter.rgbaRowToRGBA(filter: row[0], source: row + 1, above: above,
                                            destination: destination, width: width)
            guard unfiltered else { throw PNGFastPathDecline("invalid filter type") }
            if let key {
                PNGRowExpander.clearTransparentColour(destination, width: width, red: key.0, green: key.1, blue: key.2)
            }
        }
    }

    /// Unfilters the rows of a gray, gray+alpha or palette image in place in `filtered` and
    /// expands each to RGBA at `output`.
    private static func unfilterOther(_ layout: PNGStreamLayout, in bytes: UnsafeRawBufferPointer,
                                      from filtered: UnsafeMutablePointer<UInt8>,
                                      into output: UnsafeMutablePointer<UInt8>) throws(PNGFastPathDecline) {
        let width = layout.width, rowBytes = layout.rowBytes, outputRowBytes = width * 4
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        zeros.initialize(repeating: 0, count: rowBytes)
        defer { zeros.deallocate() }
        let paletteTable = layout.palette.map { palette in
            PNGRowExpander.paletteTable(palette: UnsafeRawBufferPointer(rebasing: bytes[palette]),
                                        alphas: layout.transparency.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
                                            ?? UnsafeRawBufferPointer(start: nil, count: 0))
        } ?? []
        let transparentGray = layout.colourType == 0
            ? layout.transparency.map { Int(bytes[$0.lowerBound]) << 8 | Int(bytes[$0.lowerBound + 1]) } : nil
        var largestIndex = 0
        for y in 0..<layout.height {
            let row = filtered + y * (1 + rowBytes) + 1
            let above = y == 0 ? UnsafePointer(zeros) : UnsafePointer(row - 1 - rowBytes)
            guard PNGUnfilter.unfilterInPlace(filter: row[-1], row: row, above: above,
                                              count: rowBytes, stride: layout.filterStride) else {
                throw PNGFastPathDecline("invalid filter type")
            }
            let destination = output + y * outputRowBytes
            switch layout.colourType {
            case 0:
                PNGRowExpander.grayRow(row, into: destination, width: width, bitDepth: layout.bitDepth,
                                       transparentSample: transparentGray)
            case 4:
                PNGRowExpander.grayAlphaRow(row, into: destination, width: width)
            default:
                let largest = paletteTable.withUnsafeBufferPointer { table in
                    PNGRowExpander.paletteRow(row, into: destination, width: width, bitDepth: layout.bitDepth,
                                              table: table.baseAddress!)
                }
                largestIndex = max(largestIndex, largest)
            }
        }
        if let palette = layout.palette, layout.colourType == 3, largestIndex >= palette.count / 3 {
            throw PNGFastPathDecline("palette index past the end of the palette")
        }
    }
}
