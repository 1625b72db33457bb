import CTIFF

/// Reads the first page's samples band by band, as libtiff decompresses them (none, LZW,
/// deflate, PackBits, JPEG, CCITT G3/G4, with predictors and fill order undone; 16-bit samples
/// in host byte order): a band is one strip, or one row of tiles put side by side, and holds
/// `rows` rows of `rowBytes` bytes of one plane (of `samplesPerPixel` when planar, else of
/// one). Only a band's worth of memory is held, so a caller can convert each band as it
/// comes instead of keeping the whole page's samples.
struct TIFFBandReader {
    let rowBytes: Int
    let planes: Int
    private let file: TIFFHandle
    private let layout: TIFFLayout
    private let bitsPerPixel: Int

    init(_ file: TIFFHandle, layout: TIFFLayout) {
        self.file = file
        self.layout = layout
        planes = layout.planar ? layout.samplesPerPixel : 1
        bitsPerPixel = layout.bitsPerSample * (layout.planar ? 1 : layout.samplesPerPixel)
        rowBytes = (layout.width * bitsPerPixel + 7) / 8
    }

    /// The bytes of the whole page's samples, every plane (`Int.max` when that overflows).
    var pageBytes: Int {
        MemoryBudget.saturating(MemoryBudget.saturating(rowBytes, times: layout.height), times: planes)
    }

    /// The bytes `forEachBand` allocates: a strip, or a tile and a band of tiles. A file may
    /// declare samples enough to make this far more than its RGBA result; the decoder checks
    /// it against the memory budget before reading.
    var bufferBytes: Int {
        if TIFFIsTiled(file.tif) != 0 {
            let tileHeight = file.u32(TIFFTAG_TILELENGTH) ?? 1
            let band = MemoryBudget.saturating(min(tileHeight, layout.height), times: rowBytes)
            return MemoryBudget.saturating(band, plus: Int(clamping: TIFFTileSize64(file.tif)))
        }
        return stripBufferBytes
    }

    /// One strip's worth: libtiff may write a whole strip (the last one included).
    private var stripBufferBytes: Int {
        max(Int(clamping: TIFFStripSize64(file.tif)), MemoryBudget.saturating(rowsPerStrip, times: rowBytes))
    }

    private var rowsPerStrip: Int {
        max(1, min(layout.height, file.u32(TIFFTAG_ROWSPERSTRIP) ?? layout.height))
    }

    /// Calls `body(plane, firstRow, rows, band)` for every band, planes in order, rows top
    /// to bottom; `band` is valid only during the call. A strip or tile that decodes short
    /// keeps its missing rows at zero, as Pillow leaves them. Returns false when libtiff failed
    /// or the file's strips or tiles do not cover the image (the caller reads `file.failure`).
    ///
    /// The strip and tile buffers are zeroed before each read: libtiff's count of bytes read
    /// does not say how many it wrote. Its JPEG decoder (libtiff 4.5, `JPEGDecode`) stops at
    /// the embedded JPEG's own height, so a strip whose JPEG declares fewer rows than the
    /// strip is reported read in full while only those rows were written; the rest would be
    /// whatever the heap held before.
    func forEachBand(_ body: (_ plane: Int, _ firstRow: Int, _ rows: Int, _ band: UnsafeRawPointer) -> Void) -> Bool {
        TIFFIsTiled(file.tif) != 0 ? tiles(body) : strips(body)
    }

    /// Whether a strip or tile `read` gives may be used: libtiff read it (whatever it reported
    /// on the way: a fax decoder's "Bad code word" or "Uncompressed data" is an error message
    /// after which it goes on to the next row, and Pillow keeps the image), or it gave up with
    /// warnings only (CCITT data ending early: libtiff 4.5 fails the strip where libtiff 4.7,
    /// Pillow's, keeps the rows decoded). The rest of the buffer is zero either way. The
    /// messages still fail the decode under `failOnWarnings` (`TIFFLoader`).
    private func kept(_ read: () -> tmsize_t) -> Bool {
        let errors = file.errorCount
        return read() >= 0 || file.errorCount == errors
    }

    private func strips(_ body: (Int, Int, Int, UnsafeRawPointer) -> Void) -> Bool {
        let tif = file.tif
        let rowsPerStrip = rowsPerStrip
        let stripsPerPlane = (layout.height + rowsPerStrip - 1) / rowsPerStrip
        guard Int(TIFFNumberOfStrips(tif)) >= stripsPerPlane * planes else { return false }
        guard TIFFStripSize64(tif) > 0 else { return false }
        let strip = UnsafeMutableRawBufferPointer.allocate(byteCount: stripBufferBytes, alignment: 16)
        defer { strip.deallocate() }
        for plane in 0..<planes {
            for s in 0..<stripsPerPlane {
                let firstRow = s * rowsPerStrip
                let rows = min(rowsPerStrip, layout.height - firstRow)
                // Zeroed before every strip (see above): rows libtiff leaves alone are 0, never
                // a previous strip's or the heap's bytes.
                strip.initializeMemory(as: UInt8.self, repeating: 0)
                guard kept({ TIFFReadEncodedStrip(tif, UInt32(plane * stripsPerPlane + s), strip.baseAddress,
                                                  tmsize_t(strip.count)) }) else { return false }
                body(plane, firstRow, rows, UnsafeRawPointer(strip.baseAddress!))
            }
        }
        return true
    }

    private func tiles(_ body: (Int, Int, Int, UnsafeRawPointer) -> Void) -> Bool {
        let tif = file.tif
        guard let tileWidth = file.u32(TIFFTAG_TILEWIDTH), let tileHeight = file.u32(TIFFTAG_TILELENGTH),
              tileWidth > 0, tileHeight > 0 else { return false }
        let tileSize = Int(TIFFTileSize64(tif))
        let tileRowBytes = (tileWidth * bitsPerPixel + 7) / 8
        guard tileSize >= tileRowBytes * tileHeight else { return false }
        let bandRows = min(tileHeight, layout.height)
        let tile = UnsafeMutableRawBufferPointer.allocate(byteCount: tileSize, alignment: 16)
        defer { tile.deallocate() }
        let band = UnsafeMutableRawBufferPointer.allocate(byteCount: bandRows * rowBytes, alignment: 16)
        defer { band.deallocate() }
        for plane in 0..<planes {
            for ty in stride(from: 0, to: layout.height, by: tileHeight) {
                let rows = min(tileHeight, layout.height - ty)
                // Zeroed: bytes no tile covers (a nonstandard tile width) stay 0.
                band.initializeMemory(as: UInt8.self, repeating: 0)
                for tx in stride(from: 0, to: layout.width, by: tileWidth) {
                    // Zeroed before every tile (see above), as the strips are.
                    tile.initializeMemory(as: UInt8.self, repeating: 0)
                    let index = TIFFComputeTile(tif, UInt32(tx), UInt32(ty), 0, UInt16(plane))
                    guard kept({ TIFFReadEncodedTile(tif, index, tile.baseAddress, tmsize_t(tileSize)) }) else {
                        return false
                    }
                    let columns = min(tileWidth, layout.width - tx)
                    let byteStart = tx * bitsPerPixel / 8
                    let byteCount = min((columns * bitsPerPixel + 7) / 8, rowBytes - byteStart)
                    for row in 0..<rows {
                        (band.baseAddress! + row * rowBytes + byteStart)
                            .copyMemory(from: tile.baseAddress! + row * tileRowBytes, byteCount: byteCount)
                    }
                }
                body(plane, ty, rows, UnsafeRawPointer(band.baseAddress!))
            }
        }
        return true
    }
}
