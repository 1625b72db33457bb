import CWebP

/// The frames of an animated WebP, each the whole canvas as libwebp's `WebPAnimDecoder`
/// (libwebpdemux) composes it: the first frame on a transparent black canvas, each frame placed
/// at its offset, blended or not, the previous one disposed to transparent as its flags say.
/// That is what Pillow 13 shows for every WebP (its `WebPImagePlugin` reads through the same
/// decoder, with the same default options: RGBA, not premultiplied).
///
/// An iterator, so that a caller that wants every frame walks them in order. The bytes must
/// stay valid and unchanged while it lives (libwebp reads them in place): `WebPAnimationReader`
/// shares the loader's file for it (`InPlaceFileBytes`).
final class WebPAnimationFrames: IteratorProtocol {
    /// One composed canvas.
    struct Frame {
        /// `width * height * 4` bytes of RGBA.
        var pixels: [UInt8]
        /// When the frame is shown, in milliseconds from the start.
        var timestamp: Int
    }

    let width: Int
    let height: Int
    let frameCount: Int
    /// The ANIM chunk's loop count: 0 forever.
    let loopCount: Int
    private let decoder: OpaquePointer

    /// Nil when libwebpdemux cannot parse the file or the canvas is empty.
    init?(_ bytes: UnsafeRawBufferPointer) {
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let decoder = gpuglitch_WebPAnimDecoderNew(&data) else { return nil }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            WebPAnimDecoderDelete(decoder)
            return nil
        }
        self.decoder = decoder
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        frameCount = Int(info.frame_count)
        loopCount = Int(info.loop_count)
    }

    deinit { WebPAnimDecoderDelete(decoder) }

    /// The next composed canvas; nil after the last frame or when a frame's data cannot be
    /// decoded (`failed` tells which).
    func next() -> Frame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var canvas: UnsafeMutablePointer<UInt8>? = nil
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            failed = true
            return nil
        }
        let count = width * height * 4
        // Fully written by construction: a copy of the whole canvas, which libwebp zero-fills
        // at each key frame before composing onto it.
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { buffer, initialised in
            buffer.baseAddress!.initialize(from: canvas, count: count)
            initialised = count
        }
        return Frame(pixels: pixels, timestamp: Int(timestamp))
    }

    /// Whether `next()` stopped on damaged frame data rather than after the last frame.
    private(set) var failed = false
}
