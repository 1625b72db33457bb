import ComputeCore
import ImageCodecs

/// Encodes an image's first frame in one format, writing what the format holds of its
/// metadata (the ICC profile, when `keepsICCProfile`).
public struct EncodeStep: Sendable, Equatable {
    public var format: ImageFormat
    /// JPEG and lossy WebP quality, 1...100.
    public var quality: Int
    /// WebP without loss.
    public var lossless: Bool
    /// How hard PNG output is compressed; the pixels are the same.
    public var pngCompression: PNGCompression
    /// Whether the image's ICC profile is written into the file.
    public var keepsICCProfile: Bool

    public init(format: ImageFormat, quality: Int = 90, lossless: Bool = false,
                pngCompression: PNGCompression = .standard, keepsICCProfile: Bool = true) {
        self.format = format
        self.quality = quality
        self.lossless = lossless
        self.pngCompression = pngCompression
        self.keepsICCProfile = keepsICCProfile
    }

    /// The file's bytes for `image` (already on the host) and `metadata`; `destination` names
    /// the output in errors.
    public func encode(_ image: HostImage, metadata: ImageMetadata, destination: String) throws -> [UInt8] {
        var bytes = try ImageEncoder.encode(image, as: format, quality: quality, lossless: lossless,
                                            pngCompression: pngCompression, destination: destination)
        if keepsICCProfile, let profile = metadata.iccProfile {
            bytes = ICCProfile.embed(profile, in: bytes, format: format)
        }
        return bytes
    }
}
