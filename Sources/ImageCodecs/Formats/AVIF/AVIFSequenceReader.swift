import CAVIF

/// An AVIF image sequence read frame by frame for `AnimationFrames`, as Pillow 13's
/// `AvifImagePlugin` shows it: each frame converted as the still is (`AVIFLoader.rgba`), its
/// duration `round(1000 · duration)` ms of libavif's `imageTiming`; no loop count (Pillow reads
/// none). Opened again over the loader's file, shared (`InPlaceFileBytes`: libavif reads it in
/// place), positioned after the first frame, which the still decode gave.
final class AVIFSequenceReader: AnimationFrameReader {
    let width: Int
    let height: Int
    var loopCount: Int? { nil }
    let declaredFrameCount: Int?
    /// The first frame's duration.
    let firstDuration: Duration?
    private let file: InPlaceFileBytes
    private let decoder: UnsafeMutablePointer<avifDecoder>
    private let opaque: Bool
    private let source: String
    private var failure: ImageCodecError?

    /// `pixelLimit` as the still decode's: the frames are of the first one's size, which the
    /// memory budget was checked against.
    init(_ file: [UInt8], pixelLimit: Int, options: DecodeOptions, source: String) throws(ImageCodecError) {
        var shared = InPlaceFileBytes(file)
        let decoder = try shared.open { bytes throws(ImageCodecError) in
            try AVIFLoader.parse(bytes, strict: options.failOnWarnings, pixelLimit: pixelLimit, source: source)
        }
        let first = shared.read { avifDecoderNextImage(decoder) } ?? AVIF_RESULT_IO_ERROR
        guard first == AVIF_RESULT_OK else {
            avifDecoderDestroy(decoder)
            throw AVIFLoader.failure(first, source: source)
        }
        self.file = shared
        self.decoder = decoder
        width = Int(decoder.pointee.image.pointee.width)
        height = Int(decoder.pointee.image.pointee.height)
        self.source = source
        declaredFrameCount = Int(decoder.pointee.imageCount)
        opaque = decoder.pointee.image.pointee.alphaPlane == nil
        firstDuration = Self.duration(decoder)
    }

    deinit {
        avifDecoderDestroy(decoder)
    }

    private static func duration(_ decoder: UnsafeMutablePointer<avifDecoder>) -> Duration {
        .milliseconds(Int((1000 * decoder.pointee.imageTiming.duration).rounded(.toNearestOrEven)))
    }

    func nextFrame() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        if let failure { throw failure }
        guard Int(decoder.pointee.imageIndex) + 1 < Int(decoder.pointee.imageCount) else { return nil }
        do throws(ImageCodecError) {
            let result = file.read { avifDecoderNextImage(decoder) } ?? AVIF_RESULT_IO_ERROR
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
