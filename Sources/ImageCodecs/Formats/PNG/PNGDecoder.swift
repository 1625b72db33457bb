import CPNG

/// PNG decoding with libpng's simplified API (`png_image_*`: no setjmp on the Swift side).
///
/// Every PNG comes out as 8-bit RGBA with the stored values, as Pillow gives them:
/// - 1/2/4/8-bit gray, gray+alpha, palette (with tRNS), RGB, RGBA, interlaced or not: read
///   straight into the result as RGBA by libpng (low bit depths are scaled: 4-bit `v` -> `17·v`).
/// - 16-bit gray and RGB without alpha: read as 16-bit values and reduced with `v >> 8`, which
///   is Pillow's rule for RGB. (Pillow turns 16-bit gray into mode `I;16`, whose conversion to
///   RGBA saturates every value above 255; that is a Pillow quirk this decoder does not copy.)
/// - 16-bit with alpha (gray+alpha, RGBA, or tRNS) that reaches libpng (only files the fast
///   path `PNGFastDecoder` declines; it takes every layout, interlaced or not, and keeps each
///   sample's high byte as Pillow does): libpng hands 16-bit alpha images over only
///   premultiplied, so these are read as 8-bit by libpng with `(v·255 + 32767) / 65535`
///   rounding (flag `PNG_IMAGE_FLAG_16BIT_sRGB`: the values are taken as already encoded), at
///   most 1 from Pillow's `v >> 8`.
/// - Except when such an image is interlaced: Debian 12's libpng (1.6.39-2+deb12u1 and later,
///   with the fix for CVE-2025-65018 backported) then reduces each row in one scratch row
///   (`png_image_read_direct_scaled`), into which each Adam7 pass combines only its own pixels,
///   so the other pixels of a row come from whatever row the scratch held before: colours and
///   alpha from other rows. libpng still decides whether the file is read at all; its pixels
///   are replaced by those of the file as Pillow reads it (`PNGPillowRepair`) on the fast path,
///   and where that cannot be had the file is refused rather than read wrongly.
/// Gamma chunks are hidden from libpng first (see `PNGChunkScan`), so no case is brightened
/// or darkened: the simplified API would otherwise treat a 16-bit file without gAMA as linear
/// light and convert it to sRGB.
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, scan: PNGChunkScan, options: DecodeOptions,
                       source: String) throws(ImageCodecError) -> DecodedImage {
        // libpng would drop a tRNS longer than the palette and read the image opaque; Pillow
        // applies it. The file as Pillow reads it goes to the fast path; if it cannot be had,
        // libpng reports what is wrong with the file.
        if scan.transparencyOutrunsPalette, let rewritten = PNGPillowRepair.rewrite(bytes),
           let image = rewritten.withUnsafeBytes({ try? PNGFastDecoder.decode($0) }) {
            return finish(image, scan: scan, options: options)
        }
        var png = png_image()
        png.version = gpuglitch_PNG_IMAGE_VERSION
        guard png_image_begin_read_from_memory(&png, bytes.baseAddress, bytes.count) != 0 else {
            throw failure(&png, source: source)
        }
        // From here libpng owns a read structure: finish_read frees it on success and failure,
        // png_image_free on any early exit.
        let width = Int(png.width), height = Int(png.height)
        let pixelCount = width * height
        let pixels: [UInt8]
        var failed = false
        if scan.readsSixteenBitValues {
            let colour = (png.format & PNG_FORMAT_FLAG_COLOR) != 0
            png.format = PNG_FORMAT_FLAG_LINEAR | (colour ? PNG_FORMAT_FLAG_COLOR : 0)
            let channels = colour ? 3 : 1
            // Not zeroed: libpng's finish_read writes every value or fails (then nothing is read).
            let wide = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: pixelCount * channels)
            defer { wide.deallocate() }
            guard png_image_finish_read(&png, nil, wide.baseAddress, 0, nil) != 0 else {
                throw failure(&png, source: source)
            }
            pixels = [UInt8](pixelCapacity: pixelCount * 4, .writtenWhole) { out, initialized in
                narrow(UnsafeBufferPointer(wide), channels: channels, into: out)
                initialized = pixelCount * 4
            }
        } else {
            png.format = gpuglitch_PNG_FORMAT_RGBA
            png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            pixels = [UInt8](pixelCapacity: pixelCount * 4, .writtenWhole) { out, initialized in
                if png_image_finish_read(&png, nil, out.baseAddress, 0, nil) != 0 {
                    initialized = pixelCount * 4
                } else {
                    failed = true
                    initialized = 0
                }
            }
        }
        if failed { throw failure(&png, source: source) }
        if scan.libpngReducesInterlacedSixteenBits {
            guard let rewritten = PNGPillowRepair.rewrite(bytes),
                  let image = rewritten.withUnsafeBytes({ try? PNGFastDecoder.decode($0) }) else {
                throw ImageCodecError(source: source, reason: .corrupt(
                    "libpng cannot reduce this interlaced 16-bit image to 8 bits correctly, and it cannot be read otherwise"))
            }
            return finish(image, scan: scan, options: options)
        }
        return finish(HostImage(width: width, height: height, computedPixels: pixels), scan: scan, options: options)
    }

    /// The stored pixels of a PNG, decoded by libpng or by `PNGFastDecoder`, oriented as
    /// `options` ask and described as a `DecodedImage`.
    static func finish(_ stored: HostImage, scan: PNGChunkScan, options: DecodeOptions) -> DecodedImage {
        let orientation = options.applyOrientation ? scan.orientation : .topLeft
        var image = stored
        orientation.apply(to: &image)
        if scan.hasNoAlpha { image.markOpaqueByConstruction() }
        return DecodedImage(image: image,
                            metadata: ImageMetadata(orientation: scan.orientation,
                                                    orientationApplied: options.applyOrientation),
                            facts: DecodeFacts(format: .png, sourceWidth: image.width, sourceHeight: image.height))
    }

    /// 16-bit gray or RGB (native byte order, as libpng's linear formats give them) to RGBA8:
    /// each value `v >> 8`, alpha 255.
    private static func narrow(_ wide: UnsafeBufferPointer<UInt16>, channels: Int,
                               into out: UnsafeMutableBufferPointer<UInt8>) {
        var o = 0
        if channels == 1 {
            for v in wide {
                let g = UInt8(truncatingIfNeeded: v >> 8)
                out[o] = g; out[o + 1] = g; out[o + 2] = g; out[o + 3] = 255
                o += 4
            }
        } else {
            var i = 0
            while i < wide.count {
                out[o] = UInt8(truncatingIfNeeded: wide[i] >> 8)
                out[o + 1] = UInt8(truncatingIfNeeded: wide[i + 1] >> 8)
                out[o + 2] = UInt8(truncatingIfNeeded: wide[i + 2] >> 8)
                out[o + 3] = 255
                i += 3
                o += 4
            }
        }
    }

    /// libpng's message as a codec error; "read beyond end of data" is libpng's way of saying
    /// the file was cut off, and "Not enough image data" that the image data ran out before
    /// the last row (Pillow's "image file is truncated", unless `PNGPillowRepair` reads it).
    private static func failure(_ png: inout png_image, source: String) -> ImageCodecError {
        let message = withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&png)
        if message.contains("read beyond end of data") || message == "Not enough image data" {
            return ImageCodecError(source: source, reason: .truncated)
        }
        return ImageCodecError(source: source, reason: .corrupt(message))
    }
}
