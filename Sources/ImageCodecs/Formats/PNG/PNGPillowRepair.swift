import CPNGUnfilter

/// What Pillow 13 reads of a PNG that libpng and the fast path refuse, rewritten as a plain
/// PNG they accept. Used only when warnings are not errors (`DecodeOptions.failOnWarnings`
/// false, the CLI's `--fail-on error`), and only after the normal decode failed, so good files
/// never pay for it.
///
/// Pillow's `PngImagePlugin` is looser than libpng in these ways, each measured against
/// Pillow 13.0.0 (`scripts/fixtures/make_png_leniency_fixtures.py`):
/// - chunks may come before IHDR (PLTE and tRNS there are ignored), and IHDR may repeat: the
///   last IHDR before the image data counts;
/// - an IDAT before IHDR is skipped like an unknown chunk (its CRC checked);
/// - the compression-method byte of IHDR is not looked at, and any interlace method but 0 is
///   read as Adam7;
/// - a palette image may lack PLTE, or have an empty one: every index is then black (opaque
///   unless tRNS says not); PLTE may repeat (the last one counts), and in an image without a
///   palette it is ignored whatever its length;
/// - a tRNS may have more entries than the palette: each entry applies, and an index past the
///   palette is black with its entry's alpha (libpng drops such a tRNS); tRNS may repeat (the
///   last one counts);
/// - unknown critical chunks are skipped like ancillary ones;
/// - the CRCs of the image data chunks, and of everything after them, are never checked
///   (those of the chunks before them are, and a mismatch is refused, as Pillow does);
/// - the image data is the run of consecutive IDAT chunks (a chunk cut off by the end of the
///   file gives what it holds), inflated by zlib exactly as Pillow's decoder feeds it
///   (`gg_pillow_zip_rows`, CPNGUnfilter): read once every row is complete (whatever follows,
///   a missing final block or Adler-32 included), or when the stream's end is reported in the
///   call that completes a row ("not enough image data" to libpng), the rows never reached
///   left 0 (black, transparent, or palette entry 0; pass by pass for an interlaced image);
///   refused when the data runs out first (a stream ending inside a row, holding no row, or
///   whose end lies in a later IDAT than its last row), is invalid, or has a filter type
///   above 4.
/// The rewrite keeps the chosen IHDR (compression byte 0, interlace 0 or 1); for a palette
/// image the last PLTE, cut to the entries the bit depth can index and padded with black up to
/// the last tRNS's length (all black when missing or empty), and that tRNS, cut alike; for
/// gray and RGB the last tRNS; every other ancillary chunk
/// before the image data, the text and eXIf chunks after it (orientation), and one IDAT with
/// the rows as Pillow has them; all CRCs are recomputed.
enum PNGPillowRepair {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The rewritten file, or nil when Pillow would not read it either (no IHDR before the
    /// image data, an unknown filter method or layout, no image data, image data Pillow's
    /// decoder refuses), or when `admitsSize` refuses the chosen IHDR's size. The rewrite holds
    /// every row in memory, so a caller that has not checked the size yet (the chunk scan
    /// refused the file before its size was checked) checks it there, before anything is
    /// allocated for it.
    static func rewrite(_ b: UnsafeRawBufferPointer,
                        admitsSize: (_ width: Int, _ height: Int) -> Bool = { _, _ in true }) -> [UInt8]? {
        guard b.count > 8, b.prefix(8).elementsEqual(signature) else { return nil }
        var header: [UInt8]? = nil
        var before: [(type: UInt32, data: Range<Int>)] = []
        // The last PLTE and tRNS after IHDR: Pillow's handlers overwrite what an earlier one set.
        var lastPalette: Range<Int>? = nil
        var lastTransparency: Range<Int>? = nil
        var after: [(type: UInt32, data: Range<Int>)] = []
        var imageData: [UInt8] = []
        // The length of each piece Pillow's `load_read` hands its decoder (see `PillowZipRows.h`).
        var pieces: [Int] = []
        var state = 0   // 0 before the image data, 1 inside the IDAT run, 2 after it
        var at = 8
        walk: while at + 8 <= b.count {
            let length = Int(PNGChunks.u32(b, at: at))
            let type = PNGChunks.u32(b, at: at + 4)
            let start = at + 8
            let end = min(b.count, start + min(length, b.count))
            let complete = length <= b.count && start + length + 4 <= b.count
            // Before the image data Pillow checks every CRC and refuses a mismatch. An IDAT
            // before any IHDR is, to Pillow, an unknown chunk (its handler fails for want of
            // the header): checked like the others and skipped.
            let imageDataBeforeHeader = type == PNGChunk.idat && header == nil
            if state == 0 && (type != PNGChunk.idat || imageDataBeforeHeader) {
                guard complete, PNGChunk(offset: at, type: type, data: start..<(start + length)).checksumMatches(in: b)
                else { return nil }
            }
            if imageDataBeforeHeader {
                at = start + length + 4
                continue walk
            }
            if type == PNGChunk.idat {
                if state == 2 { break walk }
                state = 1
                imageData.append(contentsOf: b[start..<end])
                pieces += stride(from: start, to: end, by: 65536).map { min(65536, end - $0) }
                if !complete { break walk }
            } else {
                if state == 1 { state = 2 }
                if type == PNGChunk.iend || !complete { break walk }
                let ancillary = type & 0x2000_0000 != 0
                if state == 0 {
                    if type == PNGChunk.ihdr {
                        guard length == 13 else { return nil }
                        header = Array(b[start..<(start + 13)])
                    } else if header == nil && (type == PNGChunk.plte || type == PNGChunk.trns) {
                        // Ignored by Pillow, whose handlers need IHDR's colour type.
                    } else if type == PNGChunk.plte {
                        lastPalette = start..<(start + length)
                    } else if type == PNGChunk.trns {
                        lastTransparency = start..<(start + length)
                    } else if ancillary {
                        before.append((type, start..<(start + length)))
                    }
                } else if [PNGChunk.text, PNGChunk.compressedText, PNGChunk.internationalText, PNGChunk.exif].contains(type) {
                    after.append((type, start..<(start + length)))
                }
            }
            at = start + length + 4
        }
        guard var ihdr = header, !imageData.isEmpty, ihdr[11] == 0 else { return nil }
        ihdr[10] = 0
        ihdr[12] = min(ihdr[12], 1)
        let (width, height) = ihdr.withUnsafeBytes { (Int(PNGChunks.u32($0, at: 0)), Int(PNGChunks.u32($0, at: 4))) }
        let bitDepth = Int(ihdr[8]), colourType = Int(ihdr[9])
        // Within rowLengths' bounds before the caller multiplies the sides.
        guard (1...(1 << 24)).contains(width), (1...(1 << 24)).contains(height), admitsSize(width, height) else {
            return nil
        }
        guard let rows = rowLengths(width: width, height: height,
                                    bitDepth: bitDepth, colourType: colourType, interlace: Int(ihdr[12])),
              let raw = pillowRows(imageData, pieces: pieces, rows: rows) else { return nil }
        guard let compressed = ZlibData.deflate(raw, level: 1) else { return nil }
        let (palette, transparency) = paletteAndTransparency(colourType: colourType, bitDepth: bitDepth,
                                                            palette: lastPalette.map { Array(b[$0]) },
                                                            transparency: lastTransparency.map { Array(b[$0]) })

        var out = signature
        out.reserveCapacity(compressed.count + 4096)
        func append(_ type: UInt32, _ data: some Collection<UInt8>) {
            let typeBytes: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> $0) }
            let body = typeBytes + Array(data)
            out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: UInt32(data.count) >> $0) }
            out += body
            let crc = body.withUnsafeBytes { PNGChunk.checksum($0) }
            out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        append(PNGChunk.ihdr, ihdr)
        // Chunks the specification places before PLTE, then PLTE and tRNS, then the rest.
        let beforePalette = before.filter { beforePaletteTypes.contains($0.type) }
        for chunk in beforePalette { append(chunk.type, b[chunk.data]) }
        if let palette { append(PNGChunk.plte, palette) }
        if let transparency { append(PNGChunk.trns, transparency) }
        for chunk in before where !beforePaletteTypes.contains(chunk.type) { append(chunk.type, b[chunk.data]) }
        append(PNGChunk.idat, compressed)
        for chunk in after { append(chunk.type, b[chunk.data]) }
        append(PNGChunk.iend, [UInt8]())
        return out
    }

    /// gAMA, cHRM, sRGB, iCCP, sBIT: ancillary chunks that must come before PLTE.
    private static let beforePaletteTypes: Set<UInt32> = [0x6741_4D41, 0x6348_524D, 0x7352_4742, 0x6943_4350, 0x7342_4954]

    /// PLTE and tRNS for the rewritten file, as Pillow reads the last of each: for a palette
    /// image the palette cut to the `1 << bitDepth` entries an index can reach (and to whole
    /// entries), all black when that leaves none, padded with black up to the tRNS's length, and
    /// the tRNS cut to the same entries (dropped when empty); for gray and RGB no PLTE and the
    /// tRNS as it is; for images with an alpha channel neither (Pillow ignores both).
    static func paletteAndTransparency(colourType: Int, bitDepth: Int, palette: [UInt8]?,
                                       transparency: [UInt8]?) -> (palette: [UInt8]?, transparency: [UInt8]?) {
        switch colourType {
        case 3:
            let reachable = 1 << min(bitDepth, 8)
            let alphas = transparency.map { Array($0.prefix(reachable)) }.flatMap { $0.isEmpty ? nil : $0 }
            var entries = Array((palette ?? []).prefix(3 * reachable))
            entries.removeLast(entries.count % 3)
            if entries.isEmpty { entries = [UInt8](repeating: 0, count: 3 * reachable) }
            let padded = max(entries.count / 3, alphas?.count ?? 0)
            entries += [UInt8](repeating: 0, count: 3 * padded - entries.count)
            return (entries, alphas)
        case 0, 2:
            return (nil, transparency)
        default:
            return (nil, nil)
        }
    }

    /// The length of each filtered row in stream order (filter byte included), pass by pass for
    /// Adam7 (any interlace method but 0, as Pillow reads it); nil for a layout PNG does not
    /// define.
    static func rowLengths(width: Int, height: Int, bitDepth: Int, colourType: Int, interlace: Int) -> [Int]? {
        let channels: Int
        switch (colourType, bitDepth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: return nil
        }
        guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24 else { return nil }
        let bits = channels * bitDepth
        func rowLength(_ w: Int) -> Int { 1 + (w * bits + 7) / 8 }
        if interlace == 0 { return [Int](repeating: rowLength(width), count: height) }
        return PNGInterlacePass.adam7(width: width, height: height).flatMap { pass in
            [Int](repeating: rowLength(pass.width), count: pass.height)
        }
    }

    /// The rows as Pillow has them (`gg_pillow_zip_rows`): those its decoder completed, every
    /// other row 0 (filter type None, all samples 0); nil when Pillow refuses the data.
    private static func pillowRows(_ data: [UInt8], pieces: [Int], rows: [Int]) -> [UInt8]? {
        // Zeroed: the rows Pillow never reaches stay 0.
        var out = [UInt8](repeating: 0, count: rows.reduce(0, +))
        var read = 0
        let verdict = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                gg_pillow_zip_rows(input.baseAddress, pieces, pieces.count, rows, rows.count, output.baseAddress, &read)
            }
        }
        return verdict == Int32(GG_PILLOW_ZIP_READ) ? out : nil
    }
}
