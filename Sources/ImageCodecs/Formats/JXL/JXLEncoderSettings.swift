import Foundation

/// What `--quality`, `--lossless` and `--effort` mean for JPEG XL, as libjxl takes them.
///
/// Quality maps to a butteraugli distance exactly as libjxl 0.7's `cjxl -q` does: 100 is
/// lossless, 30...99 is `0.1 + (100 − quality) · 0.09` (90 → 1.0, "visually lossless"), below
/// 30 `6.4 + 2.5^((30 − quality) / 5) / 6.25`, up to libjxl's largest distance, 25 (reached
/// below quality 5, where cjxl 0.7 itself fails). Later libjxl (`JxlEncoderDistanceFromQuality`)
/// changed only the part below 30. `--lossless` is distance 0 with the modular lossless mode,
/// whatever the quality. Effort 1...9 is libjxl's (cjxl's default, 7).
struct JXLEncoderSettings: Equatable {
    static let defaultEffort = 7
    static let efforts = 1...9
    /// libjxl 0.7 refuses a larger distance.
    static let largestDistance = 25.0

    /// The butteraugli distance; 0 with `lossless`.
    let distance: Float
    let lossless: Bool
    let effort: Int

    init(quality: Int, lossless: Bool, effort: Int) {
        self.lossless = lossless || quality >= 100
        self.effort = effort
        let q = Double(quality)
        distance = self.lossless ? 0
            : Float(q >= 30 ? 0.1 + (100 - q) * 0.09 : min(Self.largestDistance, 6.4 + pow(2.5, (30 - q) / 5) / 6.25))
    }

    /// The settings `options` ask for; a quality or effort outside its range is refused.
    init(_ options: EncodeOptions, destination: String) throws(ImageCodecError) {
        guard (0...100).contains(options.quality) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "JPEG XL quality must be 0...100 (got \(options.quality))"))
        }
        let effort = options.effort ?? Self.defaultEffort
        guard Self.efforts.contains(effort) else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "JPEG XL effort must be 1...9 (got \(effort))"))
        }
        self.init(quality: options.quality, lossless: options.lossless, effort: effort)
    }
}
