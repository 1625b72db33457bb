import CTIFF

/// The first page's samples, decompressed by libtiff (none, LZW, deflate, PackBits, JPEG,
/// CCITT G3/G4, with predictors and fill order undone; 16-bit samples in host byte order),
/// from strips or tiles into one buffer: `planes` planes (1 when contiguous) of `height` rows
/// of `rowBytes` each.
struct TIFFSamples {
    let bytes: [UInt8]
    let rowBytes: Int
    let planes: Int

    /// Samples already in memory (tests build them this way).
    init(bytes: [UInt8], rowBytes: Int, planes: Int) {
        self.bytes = bytes
        self.rowBytes = rowBytes
        self.planes = planes
    }

    init(_ file: TIFFHandle, layout: TIFFLayout) throws(ImageCodecError) {
        let tif = file.tif
        let planes = layout.planar ? layout.samplesPerPixel : 1
        let bitsPerPixel = layout.bitsPerSample * (layout.planar ? 1 : layout.samplesPerPixel)
        let rowBytes = (layout.width * bitsPerPixel + 7) / 8
        let planeBytes = rowBytes * layout.height
        var buffer = [UInt8](repeating: 0, count: planeBytes * planes)
        let ok: Bool = buffer.withUnsafeMutableBytes { out in
            if TIFFIsTiled(tif) != 0 {
                return Self.readTiles(file, layout: layout, into: out, rowBytes: rowBytes, planeBytes: planeBytes,
                                      bitsPerPixel: bitsPerPixel, planes: planes)
            }
            return Self.readStrips(file, layout: layout, into: out, rowBytes: rowBytes, planeBytes: planeBytes,
                                   planes: planes)
        }
        guard ok, file.errorCount == 0 else { throw file.failure("cannot read the image data") }
        bytes = buffer
        self.rowBytes = rowBytes
        self.planes = planes
    }

    private static func readStrips(_ file: TIFFHandle, layout: TIFFLayout, into out: UnsafeMutableRawBufferPointer,
                                   rowBytes: Int, planeBytes: Int, planes: Int) -> Bool {
        let tif = file.tif
        let rowsPerStrip = max(1, min(layout.height, file.u32(TIFFTAG_ROWSPERSTRIP) ?? layout.height))
        let stripsPerPlane = (layout.height + rowsPerStrip - 1) / rowsPerStrip
        guard Int(TIFFNumberOfStrips(tif)) >= stripsPerPlane * planes else { return false }
        let stripSize = Int(TIFFStripSize64(tif))
        guard stripSize > 0 else { return false }
        // A whole strip whose decoded size is exactly its rows goes straight into `out`; any
        // other (the last, short one; a size libtiff computes otherwise) through one strip's
        // worth of scratch, as libtiff may write a whole strip.
        let directStripBytes = rowsPerStrip * rowBytes
        let direct = stripSize == directStripBytes
        let needsScratch = !direct || layout.height % rowsPerStrip != 0
        var scratch = [UInt8](repeating: 0, count: needsScratch ? max(stripSize, directStripBytes) : 0)
        return scratch.withUnsafeMutableBytes { strip -> Bool in
            for plane in 0..<planes {
                for s in 0..<stripsPerPlane {
                    let firstRow = s * rowsPerStrip
                    let rows = min(rowsPerStrip, layout.height - firstRow)
                    let target = out.baseAddress!.advanced(by: plane * planeBytes + firstRow * rowBytes)
                    let count = rows * rowBytes
                    let index = UInt32(plane * stripsPerPlane + s)
                    if direct, rows == rowsPerStrip {
                        let read = TIFFReadEncodedStrip(tif, index, target, tmsize_t(count))
                        guard read >= 0 else { return false }
                        // A short strip keeps its missing rows at zero, as Pillow leaves them.
                        if Int(read) < count {
                            target.advanced(by: Int(read)).initializeMemory(as: UInt8.self, repeating: 0,
                                                                            count: count - Int(read))
                        }
                        continue
                    }
                    let read = TIFFReadEncodedStrip(tif, index, strip.baseAddress, tmsize_t(strip.count))
                    guard read >= 0 else { return false }
                    let available = min(count, Int(read))
                    if available > 0 { target.copyMemory(from: strip.baseAddress!, byteCount: available) }
                }
            }
            return true
        }
    }

    private static func readTiles(_ file: TIFFHandle, layout: TIFFLayout, into out: UnsafeMutableRawBufferPointer,
                                  rowBytes: Int, planeBytes: Int, bitsPerPixel: Int, planes: Int) -> Bool {
        let tif = file.tif
        guard let tileWidth = file.u32(TIFFTAG_TILEWIDTH), let tileHeight = file.u32(TIFFTAG_TILELENGTH),
              tileWidth > 0, tileHeight > 0 else { return false }
        let tileSize = Int(TIFFTileSize64(tif))
        let tileRowBytes = (tileWidth * bitsPerPixel + 7) / 8
        guard tileSize >= tileRowBytes * tileHeight else { return false }
        var scratch = [UInt8](repeating: 0, count: tileSize)
        return scratch.withUnsafeMutableBytes { tile -> Bool in
            for plane in 0..<planes {
                for ty in stride(from: 0, to: layout.height, by: tileHeight) {
                    for tx in stride(from: 0, to: layout.width, by: tileWidth) {
                        let index = TIFFComputeTile(tif, UInt32(tx), UInt32(ty), 0, UInt16(plane))
                        guard TIFFReadEncodedTile(tif, index, tile.baseAddress, tmsize_t(tileSize)) >= 0 else { return false }
                        let columns = min(tileWidth, layout.width - tx)
                        let byteStart = tx * bitsPerPixel / 8
                        let byteCount = min((columns * bitsPerPixel + 7) / 8, rowBytes - byteStart)
                        for row in 0..<min(tileHeight, layout.height - ty) {
                            out.baseAddress!.advanced(by: plane * planeBytes + (ty + row) * rowBytes + byteStart)
                                .copyMemory(from: tile.baseAddress!.advanced(by: row * tileRowBytes), byteCount: byteCount)
                        }
                    }
                }
            }
            return true
        }
    }
}
