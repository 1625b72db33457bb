import CAVIF

/// An AVIF image sequence read frame by frame for `AnimationFrames`, as Pillow 13's
/// `AvifImagePlugin` shows it: each frame converted as the still is (`AVIFLoader.rgba`), its
/// duration `round(1000 · duration)` ms of libavif's `imageTiming`; no loop count (Pillow reads
/// none). Opened again over its own copy of the file (libavif reads it in place), positioned
/// after the first frame, which the still decode gave.
final class AVIFSequenceReader: AnimationFrameReader {
    let width: Int
    let height: Int
    var loopCount: Int? { nil }
    let declaredFrameCount: Int?
    /// The first frame's duration.
    let firstDuration: Duration?
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: UnsafeMutablePointer<avifDecoder>
    private let opaque: Bool
    private let source: String
    private var failure: ImageCodecError?

    init(_ file: UnsafeRawBufferPointer, width: Int, height: Int, pixelLimit: Int, options: DecodeOptions,
         source: String) throws(ImageCodecError) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, file.count), alignment: 16)
        if file.count > 0 { bytes.copyMemory(from: file) }
        let decoder: UnsafeMutablePointer<avifDecoder>
        do {
            decoder = try AVIFLoader.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<file.count]),
                                           strict: options.failOnWarnings, pixelLimit: pixelLimit, source: source)
        } catch {
            bytes.deallocate()
            throw error
        }
        let first = avifDecoderNextImage(decoder)
        guard first == AVIF_RESULT_OK else {
            avifDecoderDestroy(decoder)
            bytes.deallocate()
            throw AVIFLoader.failure(first, source: source)
        }
        self.bytes = bytes
        self.decoder = decoder
        self.width = width
        self.height = height
        self.source = source
        declaredFrameCount = Int(decoder.pointee.imageCount)
        opaque = decoder.pointee.image.pointee.alphaPlane == nil
        firstDuration = Self.duration(decoder)
    }

    deinit {
        avifDecoderDestroy(decoder)
        bytes.deallocate()
    }

    private static func duration(_ decoder: UnsafeMutablePointer<avifDecoder>) -> Duration {
        .milliseconds(Int((1000 * decoder.pointee.imageTiming.duration).rounded(.toNearestOrEven)))
    }

    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        if let failure { throw failure }
        guard Int(decoder.pointee.imageIndex) + 1 < Int(decoder.pointee.imageCount) else { return nil }
        do throws(ImageCodecError) {
            let result = avifDecoderNextImage(decoder)
            guard result == AVIF_RESULT_OK else { throw AVIFLoader.failure(result, source: source) }
            let pixels = try AVIFLoader.rgba(of: decoder, width: width, height: height, source: source)
            var image = HostImage(width: width, height: height, computedPixels: pixels)
            if opaque && decoder.pointee.image.pointee.alphaPlane == nil { image.markOpaqueByConstruction() }
            return ImageFrame(image, duration: Self.duration(decoder))
        } catch {
            failure = error
            throw error
        }
    }
}
