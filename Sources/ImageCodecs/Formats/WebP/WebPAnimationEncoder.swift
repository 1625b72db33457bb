import CWebP

/// Animated WebP through libwebp's `WebPAnimEncoder` (libwebpmux), as Pillow's
/// `save_all=True` writes it: each frame encoded with the still's settings (`WebPCodec`'s
/// quality, lossless with `exact`, effort as `method`), so a lossless animation's frames decode
/// to exactly the pixels appended. The encoder keeps the encoded frames and its previous
/// canvas, never the frames appended: memory is one frame plus the output so far.
///
/// libwebp merges a frame identical to the one before it into that one (their durations
/// summed), as it does for Pillow. A frame without a duration is shown for
/// `defaultDuration`. `loopCount` nil plays the animation once (WebP always states a count).
package struct WebPAnimationEncoder: AnimationEncoder, ~Copyable {
    /// 100 ms, the delay browsers give a GIF frame that states none.
    package static let defaultDuration = Duration.milliseconds(100)

    private let encoder: Handle
    private var config: WebPConfig
    private let width: Int
    private let height: Int
    private let metadata: ImageMetadata
    private let options: EncodeOptions
    private let destination: String
    /// Where the next frame starts, in milliseconds.
    private var timestamp = 0

    /// Owns the C encoder: deleted once, whatever path the encoding takes.
    private final class Handle {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { WebPAnimEncoderDelete(pointer) }
    }

    package init(width: Int, height: Int, loopCount: Int?, metadata: ImageMetadata,
                 options: EncodeOptions, destination: String) throws(ImageCodecError) {
        let effort = options.effort ?? WebPCodec.defaultEffort
        guard WebPCodec.methods.contains(effort) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("WebP effort \(effort) is outside 0...6"))
        }
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("WebP size \(width)x\(height) is outside 1...16383"))
        }
        guard (0...65535).contains(loopCount ?? 1) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("WebP loop count \(loopCount ?? 1) is outside 0...65535"))
        }
        var animation = WebPAnimEncoderOptions()
        var config = WebPConfig()
        guard gpuglitch_WebPAnimEncoderOptionsInit(&animation) != 0, gpuglitch_WebPConfigInit(&config) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp version mismatch"))
        }
        animation.anim_params.loop_count = Int32(loopCount ?? 1)
        config.quality = Float(options.quality)
        if options.lossless {
            config.lossless = 1
            config.exact = 1
            config.quality = 75     // effort, as cwebp -lossless and Pillow's default
        }
        config.method = Int32(effort)
        guard let pointer = gpuglitch_WebPAnimEncoderNew(Int32(width), Int32(height), &animation) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: cannot make an animation encoder"))
        }
        encoder = Handle(pointer)
        self.config = config
        self.width = width
        self.height = height
        self.metadata = metadata
        self.options = options
        self.destination = destination
    }

    package mutating func append(_ frame: HostImage, duration: Duration?) throws(ImageCodecError) {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "frame \(frame.width)x\(frame.height) in an animation of \(width)x\(height)"))
        }
        let milliseconds = Self.milliseconds(duration ?? Self.defaultDuration)
        guard milliseconds <= (1 << 24) - 1 - timestamp else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("WebP animation longer than 16777 s"))
        }
        var picture = WebPPicture()
        guard gpuglitch_WebPPictureInit(&picture) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp version mismatch"))
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = frame.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: out of memory importing a frame"))
        }
        guard WebPAnimEncoderAdd(encoder.pointer, &picture, Int32(timestamp), &config) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: \(lastError)"))
        }
        timestamp += milliseconds
    }

    package consuming func finish() throws(ImageCodecError) -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder.pointer, nil, Int32(timestamp), nil) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: \(lastError)"))
        }
        var assembled = WebPData(bytes: nil, size: 0)
        guard WebPAnimEncoderAssemble(encoder.pointer, &assembled) != 0 else {
            throw ImageCodecError(source: destination, reason: .encodeFailed("libwebp: \(lastError)"))
        }
        let file = Array(UnsafeBufferPointer(start: assembled.bytes, count: assembled.size))
        WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes))
        let blocks = metadata.blocksToWrite(options, width: width, height: height)
        return Self.adding(profile: metadata.profileToWrite(options), blocks, to: file) ?? file
    }

    /// Whole milliseconds of `duration` (WebP's unit), rounded down, never negative.
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return Int(clamping: seconds) &* 1000 &+ Int(attoseconds / 1_000_000_000_000_000)
    }

    private var lastError: String {
        WebPAnimEncoderGetError(encoder.pointer).map { String(cString: $0) } ?? "unknown error"
    }

    /// `webp` (an animation) with `profile`, `blocks.exif` and `blocks.xmp` in their chunks, or
    /// nil when libwebpmux cannot make it.
    private static func adding(profile: [UInt8]?, _ blocks: MetadataBlocks, to webp: [UInt8]) -> [UInt8]? {
        let chunks: [(String, [UInt8])] = [("ICCP", profile), ("EXIF", blocks.exif), ("XMP ", blocks.xmp)]
            .compactMap { name, data in data.map { (name, $0) } }
        guard !chunks.isEmpty else { return webp }
        return webp.withUnsafeBufferPointer { file -> [UInt8]? in
            var data = WebPData(bytes: file.baseAddress, size: file.count)
            guard let mux = gpuglitch_WebPMuxCreate(&data, 0) else { return nil }
            defer { WebPMuxDelete(mux) }
            for (name, chunk) in chunks {
                let set = chunk.withUnsafeBufferPointer { bytes -> Bool in
                    var chunkData = WebPData(bytes: bytes.baseAddress, size: bytes.count)
                    return WebPMuxSetChunk(mux, name, &chunkData, 1) == WEBP_MUX_OK
                }
                guard set else { return nil }
            }
            var assembled = WebPData(bytes: nil, size: 0)
            guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK else { return nil }
            defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
            return Array(UnsafeBufferPointer(start: assembled.bytes, count: assembled.size))
        }
    }
}
