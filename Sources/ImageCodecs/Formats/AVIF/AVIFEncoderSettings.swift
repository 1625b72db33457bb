/// What `--quality` and `--effort` mean for AVIF, as numbers libavif takes.
///
/// Quality 0...100 is Pillow 13's `quality=` (its default is 75): libavif 1.x turns it into the
/// AV1 quantizer `((100 − quality) · 63 + 50) / 100` (0 best, 63 worst). Debian's libavif 0.11
/// has no quality field, so the saver sets that quantizer as both the lowest and the highest the
/// encoder may use, which is the constant quantizer 1.x's libaom codec runs at for a still image.
///
/// Effort 0...10, where more is slower and smaller (as for WebP), is libavif's speed
/// `10 − effort`. The default, 4, is speed 6, Pillow's default; speed 7 loses 0.7 dB at the
/// same size, and speed 8 and above lose more.
///
/// Two libaom settings differ from libavif's: the encoder is tuned for PSNR rather than SSIM,
/// and from the default effort down it leaves out rectangular partitions (blocks are split
/// into squares only). On photographs at 512 px the two together encode in two thirds of the
/// time at Pillow's size (+2.5 %) with a higher PSNR and SSIM than Pillow 13's own AVIF
/// (docs/BENCHMARKS.md); above the default effort every partition is searched.
struct AVIFEncoderSettings: Equatable {
    /// The effort used when none is given.
    static let defaultEffort = 4
    static let efforts = 0...10

    /// The AV1 quantizer, 0...63.
    let quantizer: Int
    /// libavif's speed, 0 (slowest) ... 10.
    let speed: Int
    /// Whether libaom searches rectangular (and the other non-square) partitions.
    let rectangularPartitions: Bool

    /// libaom options set by name (`avifEncoderSetCodecSpecificOption`).
    var codecOptions: [(key: String, value: String)] {
        [("tune", "psnr")] + (rectangularPartitions ? [] : [("enable-rect-partitions", "0")])
    }

    init(quality: Int, effort: Int) {
        quantizer = ((100 - quality) * 63 + 50) / 100
        speed = 10 - effort
        rectangularPartitions = effort > Self.defaultEffort
    }

    /// The settings `options` ask for; a quality or effort outside its range is refused.
    init(_ options: EncodeOptions, destination: String) throws(ImageCodecError) {
        guard (0...100).contains(options.quality) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "AVIF quality must be 0...100 (got \(options.quality))"))
        }
        let effort = options.effort ?? Self.defaultEffort
        guard Self.efforts.contains(effort) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "AVIF effort must be 0...10 (got \(effort))"))
        }
        self.init(quality: options.quality, effort: effort)
    }
}
