import CAVIF

/// AVIF output through libavif 0.11.1 and libaom: one 8-bit 4:2:0 (full-range BT.601, as
/// Pillow 13 writes it) still image, with an alpha plane only when a pixel is not opaque
/// (alpha kept exactly, libavif's default), and the ICC profile, EXIF and XMP from `metadata`
/// as `options.keep` asks (an `Exif` item and a `mime` XMP item, rewritten as every saver
/// writes them: `blocksToWrite`).
///
/// libaom is the AV1 encoder because, of the three Debian's libavif links, it is the fastest
/// at the same size and quality on photographs by a wide margin (rav1e and SVT-AV1 take longer
/// for larger files at the same PSNR; docs/BENCHMARKS.md). Quality is
/// the quantizer libavif 1.x derives from it, which is what Pillow 13's `quality=` sets, so a
/// setting means what it means there (`AVIFEncoderSettings`).
enum AVIFSaver: ImageSaver {
    static var efforts: ClosedRange<Int>? { AVIFEncoderSettings.efforts }

    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        let settings = try AVIFEncoderSettings(options, destination: destination)
        guard let avif = avifImageCreate(UInt32(image.width), UInt32(image.height), 8, AVIF_PIXEL_FORMAT_YUV420) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libavif: out of memory"))
        }
        defer { avifImageDestroy(avif) }
        avif.pointee.yuvRange = AVIF_RANGE_FULL
        avif.pointee.matrixCoefficients = UInt16(AVIF_MATRIX_COEFFICIENTS_BT601)
        if let profile = metadata.profileToWrite(options) {
            profile.withUnsafeBufferPointer { avifImageSetProfileICC(avif, $0.baseAddress, $0.count) }
            // An ICC profile overrides them (as Pillow writes it).
            avif.pointee.colorPrimaries = UInt16(AVIF_COLOR_PRIMARIES_UNSPECIFIED)
            avif.pointee.transferCharacteristics = UInt16(AVIF_TRANSFER_CHARACTERISTICS_UNSPECIFIED)
        } else {
            avif.pointee.colorPrimaries = UInt16(AVIF_COLOR_PRIMARIES_BT709)
            avif.pointee.transferCharacteristics = UInt16(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        }
        // libavif 0.11 finds the TIFF header itself (the item's offset field) and turns the
        // EXIF Orientation into `irot`/`imir`, so the boxes say what the EXIF says.
        let blocks = metadata.blocksToWrite(options, width: image.width, height: image.height)
        if let exif = blocks.exif { exif.withUnsafeBufferPointer { avifImageSetMetadataExif(avif, $0.baseAddress, $0.count) } }
        if let xmp = blocks.xmp { xmp.withUnsafeBufferPointer { avifImageSetMetadataXMP(avif, $0.baseAddress, $0.count) } }
        try convertToYUV(image, into: avif, destination: destination)
        return try write(avif, settings: settings, destination: destination)
    }

    /// The RGBA pixels as YUV planes (and an alpha plane when one is needed), by libavif.
    private static func convertToYUV(_ image: HostImage, into avif: UnsafeMutablePointer<avifImage>,
                                     destination: String) throws(ImageCodecError) {
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, avif)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        rgb.rowBytes = UInt32(image.rowBytes)
        // An opaque image gets no alpha plane: smaller, and what Pillow writes for RGB.
        rgb.ignoreAlpha = image.hasTransparency ? AVIF_FALSE : AVIF_TRUE
        let result = image.pixels.withUnsafeBufferPointer { pixels -> avifResult in
            // libavif only reads `rgb.pixels` here.
            rgb.pixels = UnsafeMutablePointer(mutating: pixels.baseAddress)
            return avifImageRGBToYUV(avif, &rgb)
        }
        guard result == AVIF_RESULT_OK else { throw failure("converting to YUV", result, destination: destination) }
    }

    private static func write(_ avif: UnsafeMutablePointer<avifImage>, settings: AVIFEncoderSettings,
                              destination: String) throws(ImageCodecError) -> [UInt8] {
        guard let encoder = avifEncoderCreate() else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libavif: out of memory"))
        }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        // One thread an image: the batch runs as many images at once as there are cores.
        encoder.pointee.maxThreads = 1
        encoder.pointee.speed = Int32(settings.speed)
        encoder.pointee.minQuantizer = Int32(settings.quantizer)
        encoder.pointee.maxQuantizer = Int32(settings.quantizer)
        for option in settings.codecOptions { avifEncoderSetCodecSpecificOption(encoder, option.key, option.value) }
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        let result = avifEncoderWrite(encoder, avif, &output)
        guard result == AVIF_RESULT_OK, let data = output.data else {
            throw failure("encoding", result, destination: destination)
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    private static func failure(_ step: String, _ result: avifResult, destination: String) -> ImageCodecError {
        ImageCodecError(source: destination, reason: .encodeFailed(
            "libavif \(step): \(String(cString: avifResultToString(result)))"))
    }
}
