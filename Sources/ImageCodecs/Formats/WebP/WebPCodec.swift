import CWebP
import ImageMaths

extension WebPContainer {
    /// The canvas size as libwebp reads it from the bitstream header, or nil.
    static func canvasSize(_ b: UnsafeRawBufferPointer) -> PixelSize? {
        var width: Int32 = 0, height: Int32 = 0
        guard WebPGetInfo(b.baseAddress?.assumingMemoryBound(to: UInt8.self), b.count, &width, &height) != 0,
              width > 0, height > 0 else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }
}

/// WebP with Debian's libwebp: decoding to RGBA (`WebPDecodeRGBAInto`; an animation's first
/// frame through `WebPAnimationFrames`), and encoding lossy
/// (`quality`) or lossless. Lossless keeps every pixel exactly, the colour under fully
/// transparent pixels included (`exact`), so its pixels equal the PNG output's. A kept ICC
/// profile goes into an `ICCP` chunk as libwebpmux assembles the file (`WebPColourProfile`),
/// as Pillow and libvips write it.
enum WebPCodec: ImageSaver {
    /// `file` is the whole file: an animation's frame reader shares it.
    static func decode(_ file: [UInt8], container: WebPContainer, options: DecodeOptions,
                       source: String) throws(ImageCodecError) -> DecodedImage {
        let width = container.width, height = container.height
        try ImageDecoder.checkMemoryBudget(width: width, height: height, options: options, source: source)
        if container.isAnimated {
            return try decodeFirstFrame(file, container: container, options: options, source: source)
        }
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try decodeStill(bytes, container: container, options: options, source: source)
        }
    }

    private static func decodeStill(_ bytes: UnsafeRawBufferPointer, container: WebPContainer, options: DecodeOptions,
                                    source: String) throws(ImageCodecError) -> DecodedImage {
        let width = container.width, height = container.height
        var failed = false
        // Fully written or not handed on: libwebp writes every pixel of a decode it completes.
        let pixels = [UInt8](pixelCapacity: width * height * 4, .writtenWhole) { out, initialised in
            let result = WebPDecodeRGBAInto(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                            out.baseAddress, out.count, Int32(width * 4))
            failed = result == nil
            initialised = failed ? 0 : out.count
        }
        if failed { throw ImageCodecError(source: source, reason: .corrupt("libwebp could not decode the image data")) }
        return oriented(HostImage(width: width, height: height, computedPixels: pixels), container: container, options: options)
    }

    /// A decoded still or first frame, turned as the container's orientation says (when asked).
    private static func oriented(_ image: HostImage, container: WebPContainer, options: DecodeOptions) -> DecodedImage {
        var image = image
        let orientation = options.applyOrientation ? container.orientation : .topLeft
        orientation.apply(to: &image)
        return DecodedImage(image: image,
                            metadata: ImageMetadata(orientation: container.orientation,
                                                    orientationApplied: options.applyOrientation),
                            facts: DecodeFacts(format: .webp, sourceWidth: image.width, sourceHeight: image.height))
    }

    /// An animation's first frame on its canvas, as Pillow shows the file after `open`, and
    /// with `options.frames == .all` the rest in `DecodedImage.animation`. A file without the
    /// alpha flag is RGB to Pillow (its `RGBX` mode drops the canvas's alpha, transparent where
    /// no frame covers it): alpha is 255 throughout then.
    private static func decodeFirstFrame(_ file: [UInt8], container: WebPContainer,
                                         options: DecodeOptions, source: String) throws(ImageCodecError) -> DecodedImage {
        guard let reader = WebPAnimationReader(file, hasAlpha: container.hasAlpha, source: source),
              reader.width == container.width, reader.height == container.height,
              let first = try? reader.nextFrame() else {
            throw ImageCodecError(source: source, reason: .corrupt("libwebp could not decode the animation's first frame"))
        }
        var decoded = oriented(first.pixels, container: container, options: options)
        let frameCount = reader.declaredFrameCount ?? 1
        decoded.facts.isAnimated = frameCount > 1
        if frameCount > 1, options.frames == .all {
            decoded = try decoded.animated(firstDuration: first.duration, rest: reader,
                                           orientation: options.applyOrientation ? container.orientation : .topLeft,
                                           options: options, source: source)
        }
        return decoded
    }

    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        let file = try encode(image, quality: options.quality, lossless: options.lossless, effort: options.effort ?? Self.defaultEffort,
                              destination: destination)
        let blocks = metadata.blocksToWrite(options, width: image.width, height: image.height)
        return WebPMetadataChunks.adding(profile: metadata.profileToWrite(options), blocks, to: file) ?? file
    }

    /// libwebp's `method` range.
    static let methods = 0...6
    static var efforts: ClosedRange<Int>? { methods }
    /// libwebp's own default `method`, and Pillow's: what gpuglitch always wrote.
    static let defaultEffort = 4

    static func encode(_ image: HostImage, quality: Int, lossless: Bool, effort: Int = defaultEffort,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        guard methods.contains(effort) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("WebP effort \(effort) is outside 0...6"))
        }
        var config = WebPConfig()
        var picture = WebPPicture()
        guard gpuglitch_WebPConfigInit(&config) != 0, gpuglitch_WebPPictureInit(&picture) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp version mismatch"))
        }
        config.quality = Float(quality)
        if lossless {
            config.lossless = 1
            config.exact = 1
            config.quality = 75     // effort, as cwebp -lossless and Pillow's default
        }
        config.method = Int32(effort)
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&writer)
        }
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: out of memory importing the image"))
        }
        picture.writer = WebPMemoryWrite
        let ok = withUnsafeMutablePointer(to: &writer) { pointer -> Int32 in
            picture.custom_ptr = UnsafeMutableRawPointer(pointer)
            return WebPEncode(&config, &picture)
        }
        guard ok != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp error \(picture.error_code.rawValue)"))
        }
        return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
    }
}
