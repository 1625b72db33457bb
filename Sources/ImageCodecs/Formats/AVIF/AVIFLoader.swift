import CAVIF

/// AVIF through libavif 0.11.1 (dav1d or libaom inside): the primary image, 8, 10 or 12-bit,
/// 4:2:0, 4:2:2, 4:4:4 or monochrome, with alpha, converted to 8-bit RGBA as Pillow 13 does
/// (`avifImageYUVToRGB` with libavif's defaults, libyuv included), so 8-bit files and 10-bit
/// 4:2:0 ones give Pillow's pixels exactly; 12-bit ones come within 3 of them and monochrome
/// 10-bit ones within 2 (Pillow's wheels carry a newer libavif, whose conversion of those rounds differently). `irot`/`imir`
/// become an orientation with Pillow's mapping and are applied as `exif_transpose` does; the
/// `colr` ICC profile is read, and the `Exif` and XMP items when asked.
///
/// `failOnWarnings` on keeps libavif's strict checks (a file that breaks the specification in
/// ways libavif can read anyway, e.g. without a `pixi` box, is refused); off relaxes them.
struct AVIFLoader: ReopeningImageLoader {
    let file: [UInt8]
    let source: String
    let header: ImageHeader

    static let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult = { b in
        ISOMediaBrands.isAVIF(b) ? .format(.avif) : .unrecognised
    }

    /// A libavif decoder parsed over `bytes` (which must outlive it), destroyed by the caller.
    /// `pixelLimit` bounds what libavif and dav1d will decode (libavif's default is 2^28
    /// pixels): the AV1 frame need not be the size the `ispe` box declares, which is what the
    /// header, the pixel limit and the memory budget were checked against.
    ///
    /// EXIF and XMP are parsed only for `metadataBlocks`: libavif 0.11 turns a parsed EXIF
    /// Orientation into `irot`/`imir` on the decoded image, which would change the orientation
    /// the file's own boxes give.
    static func parse(_ bytes: UnsafeRawBufferPointer, strict: Bool, pixelLimit: Int? = nil,
                      readsMetadata: Bool = false,
                              source: String) throws(ImageCodecError) -> UnsafeMutablePointer<avifDecoder> {
        guard let decoder = avifDecoderCreate() else {
            throw ImageCodecError(source: source, reason: .corrupt("libavif: out of memory"))
        }
        if let pixelLimit {
            decoder.pointee.imageSizeLimit = UInt32(clamping: max(1, min(pixelLimit, Int(decoder.pointee.imageSizeLimit))))
        }
        decoder.pointee.strictFlags = strict ? AVIF_STRICT_ENABLED.rawValue : AVIF_STRICT_DISABLED.rawValue
        decoder.pointee.ignoreExif = readsMetadata ? AVIF_FALSE : AVIF_TRUE
        decoder.pointee.ignoreXMP = readsMetadata ? AVIF_FALSE : AVIF_TRUE
        var result = avifDecoderSetIOMemory(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        if result == AVIF_RESULT_OK { result = avifDecoderParse(decoder) }
        guard result == AVIF_RESULT_OK else {
            avifDecoderDestroy(decoder)
            throw failure(result, source: source)
        }
        return decoder
    }

    static func failure(_ result: avifResult, source: String) -> ImageCodecError {
        if result == AVIF_RESULT_TRUNCATED_DATA { return ImageCodecError(source: source, reason: .truncated) }
        return ImageCodecError(source: source, reason: .corrupt("libavif: \(String(cString: avifResultToString(result)))"))
    }

    /// The EXIF orientation of `irot` (anticlockwise quarter turns, applied first) and `imir`
    /// (mode 0 swaps top and bottom, 1 left and right), as libavif's table gives it and Pillow 13
    /// decodes it.
    static func orientation(_ image: avifImage) -> ImageOrientation {
        let irot = image.transformFlags & AVIF_TRANSFORM_IROT.rawValue != 0
        let imir = image.transformFlags & AVIF_TRANSFORM_IMIR.rawValue != 0
        let leftRight = image.imir.mode != 0
        let value: Int
        switch (irot ? Int(image.irot.angle & 3) : 0, imir) {
        case (1, true): value = leftRight ? 7 : 5
        case (1, false): value = 8
        case (2, true): value = leftRight ? 4 : 2
        case (2, false): value = 3
        case (3, true): value = leftRight ? 5 : 7
        case (3, false): value = 6
        case (_, true): value = leftRight ? 2 : 4
        default: value = 1
        }
        return ImageOrientation(exifValue: value)
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) -> ImageHeader {
        let decoder = try parse(bytes, strict: false, source: source)
        defer { avifDecoderDestroy(decoder) }
        let image = decoder.pointee.image.pointee
        return ImageHeader(format: .avif, storedWidth: Int(image.width), storedHeight: Int(image.height),
                           orientation: orientation(image))
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, options: DecodeOptions,
                               source: String) throws(ImageCodecError) -> DecodedImage {
        let decoder = try parse(bytes, strict: options.failOnWarnings, pixelLimit: pixelLimit(options), source: source)
        defer { avifDecoderDestroy(decoder) }
        let width = Int(decoder.pointee.image.pointee.width), height = Int(decoder.pointee.image.pointee.height)
        guard width > 0, height > 0 else { throw ImageCodecError(source: source, reason: .corrupt("AVIF size \(width)x\(height)")) }
        try ImageDecoder.checkMemoryBudget(width: width, height: height, options: options, source: source)
        let next = avifDecoderNextImage(decoder)
        guard next == AVIF_RESULT_OK else { throw failure(next, source: source) }
        let pixels = try rgba(of: decoder, width: width, height: height, source: source)
        let opaque = decoder.pointee.image.pointee.alphaPlane == nil
        var decoded = finish(HostImage(width: width, height: height, computedPixels: pixels), header: header,
                             options: options, opaque: opaque)
        decoded.facts.isAnimated = decoder.pointee.imageCount > 1
        return decoded
    }

    /// The still or first frame (`decode(_:header:options:source:)`), and with
    /// `options.frames == .all` an image sequence's later frames, read by an
    /// `AVIFSequenceReader` that shares `file` rather than copying it.
    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let (file, header, source) = (file, header, source)
        let decoded = try file.withTypedBytes { bytes throws(ImageCodecError) in
            try Self.decode(bytes, header: header, options: options, source: source)
        }
        guard decoded.facts.isAnimated, options.frames == .all else { return decoded }
        let sequence = try AVIFSequenceReader(file, pixelLimit: Self.pixelLimit(options), options: options,
                                              source: source)
        return try decoded.animated(firstDuration: sequence.firstDuration, rest: sequence,
                                    orientation: options.applyOrientation ? header.orientation : .topLeft,
                                    options: options, source: source)
    }

    /// What libavif may decode under `options`: the pixel limit and the memory budget.
    private static func pixelLimit(_ options: DecodeOptions) -> Int {
        min(options.maxPixels, options.memoryBudget / MemoryBudget.bytesPerPixel)
    }

    /// The decoder's current image as 8-bit RGBA of `width` × `height`.
    static func rgba(of decoder: UnsafeMutablePointer<avifDecoder>, width: Int, height: Int,
                     source: String) throws(ImageCodecError) -> [UInt8] {
        let image = decoder.pointee.image!
        guard Int(image.pointee.width) == width, Int(image.pointee.height) == height else {
            throw ImageCodecError(source: source, reason: .corrupt("AVIF frame of another size"))
        }
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        rgb.rowBytes = UInt32(width * 4)
        var result = AVIF_RESULT_OK
        let pixels = [UInt8](pixelCapacity: width * height * 4, .writtenWhole) { out, initialised in
            rgb.pixels = out.baseAddress
            result = avifImageYUVToRGB(image, &rgb)
            // libavif writes every byte on success; on failure nothing of it is used.
            if result != AVIF_RESULT_OK { out.initialize(repeating: 0) }
            initialised = out.count
        }
        guard result == AVIF_RESULT_OK else { throw failure(result, source: source) }
        return pixels
    }

    /// The `Exif` item (its TIFF structure, `ExifItemPayload`) and the XMP item
    /// (`mime`, `application/rdf+xml`), as libavif finds them for the primary image.
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        guard wanted.contains(.exif) || wanted.contains(.xmp),
              let decoder = try? parse(bytes, strict: false, readsMetadata: true, source: "") else { return blocks }
        defer { avifDecoderDestroy(decoder) }
        let image = decoder.pointee.image.pointee
        if wanted.contains(.exif), let data = image.exif.data, image.exif.size > 0, image.exif.size <= bytes.count {
            blocks.exif = ExifItemPayload.firstTIFFStructure(in: Array(UnsafeBufferPointer(start: data, count: image.exif.size)))
        }
        if wanted.contains(.xmp), let data = image.xmp.data, image.xmp.size > 0, image.xmp.size <= bytes.count {
            blocks.xmp = Array(UnsafeBufferPointer(start: data, count: image.xmp.size))
        }
        return blocks
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let decoder = try? parse(bytes, strict: false, source: "") else { return nil }
        defer { avifDecoderDestroy(decoder) }
        let icc = decoder.pointee.image.pointee.icc
        guard let data = icc.data, icc.size > 0, icc.size <= ICCProfile.maximumBytes else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: icc.size))
    }
}
