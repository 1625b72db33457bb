import CTIFF

/// YCbCr as Pillow 13 reads it unless it is JPEG-compressed and contiguous (old-style JPEG,
/// uncompressed or LZW YCbCr with its subsampling, planar YCbCr): through libtiff's own
/// conversion, TIFFRGBAImage, a strip or tile height at a time (`gpuglitch_tiff_read_rgba`,
/// Pillow's `_decodeAsRGBA`), then R, G and B with alpha 255 (Pillow's `RGBX` raw mode).
enum TIFFRGBAImageReader {
    static func rgba(_ file: TIFFHandle, layout: TIFFLayout) throws(ImageCodecError) -> [UInt8] {
        let w = layout.width, h = layout.height
        let tall = TIFFIsTiled(file.tif) != 0 ? file.u32(TIFFTAG_TILELENGTH) : file.u32(TIFFTAG_ROWSPERSTRIP)
        // Pillow reads the whole image at once when the tag is missing or 2^32 - 1.
        let rowsPerBlock = UInt32(clamping: max(1, min(tall ?? h, h)))
        var reason = [CChar](repeating: 0, count: 1024)
        var ok: Int32 = 0
        // Zeroed first: a pixel TIFFRGBAImage leaves alone (none when it succeeds) is never the heap's.
        var pixels = [UInt8](pixelCapacity: w * h * 4, .zeroedFirst) { raster, initialized in
            ok = gpuglitch_tiff_read_rgba(file.tif, UnsafeMutableRawPointer(raster.baseAddress!)
                                            .assumingMemoryBound(to: UInt32.self),
                                          UInt32(w), UInt32(h), rowsPerBlock, &reason)
            initialized = raster.count
        }
        guard ok != 0 else {
            let message = CLibraryMessage.text(reason)
            if file.errorCount == 0, !message.isEmpty {
                throw ImageCodecError(source: file.source, reason: .corrupt("libtiff: \(message)"))
            }
            throw file.failure("cannot read the image data")
        }
        // 0xAABBGGRR in host order: R, G, B, A in memory on a little-endian host (the only
        // kind this package builds for); alpha dropped, as Pillow's `RGBX` does.
        var i = 3
        while i < pixels.count { pixels[i] = 255; i += 4 }
        return pixels
    }
}
