/// An animated WebP read frame by frame for `AnimationFrames`: libwebp's composed canvases
/// (`WebPAnimationFrames`), each with its duration (the time between its timestamp and the
/// previous one, as Pillow's `WebPImagePlugin` computes it) and the ANIM loop count. A file
/// without the alpha flag is RGB to Pillow: alpha 255 throughout then.
///
/// Shares the loader's file (`InPlaceFileBytes`): libwebp reads it in place for as long as
/// the decoder lives.
final class WebPAnimationReader: AnimationFrameReader {
    let width: Int
    let height: Int
    let loopCount: Int?
    let declaredFrameCount: Int?
    private let file: InPlaceFileBytes
    private let frames: WebPAnimationFrames
    private let opaque: Bool
    private let source: String
    /// The end of the previous frame, in milliseconds from the start.
    private var previousTimestamp = 0

    /// Nil when libwebpdemux cannot parse the file or the canvas is empty.
    init?(_ file: [UInt8], hasAlpha: Bool, source: String) {
        var shared = InPlaceFileBytes(file)
        guard let frames = shared.open({ WebPAnimationFrames($0) }) else { return nil }
        self.file = shared
        self.frames = frames
        width = frames.width
        height = frames.height
        loopCount = frames.loopCount
        declaredFrameCount = frames.frameCount
        opaque = !hasAlpha
        self.source = source
    }

    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        let damaged = ImageCodecError(source: source, reason: .corrupt("libwebp could not decode an animation frame"))
        // Once a frame failed, the decoder's canvas is not one to read on from: the error stays.
        if frames.failed { throw damaged }
        guard let next = file.read({ frames.next() }) else { throw damaged }
        guard let frame = next else {
            if frames.failed { throw damaged }
            return nil
        }
        var image = HostImage(width: width, height: height, computedPixels: frame.pixels)
        if opaque {
            for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
            image.markOpaqueByConstruction()
        }
        let duration = Duration.milliseconds(frame.timestamp - previousTimestamp)
        previousTimestamp = frame.timestamp
        return ImageFrame(image, duration: duration)
    }
}
