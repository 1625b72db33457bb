import ComputeCore
import ImageCodecs

/// Encodes an image's first frame in one format through that format's saver, which writes
/// what the format holds of the image's metadata (the blocks `options.keep` names: the ICC
/// profile alone by default).
public struct EncodeStep: Sendable, Equatable {
    public var format: ImageFormat
    public var options: EncodeOptions

    public init(format: ImageFormat, options: EncodeOptions = EncodeOptions()) {
        self.format = format
        self.options = options
    }

    /// - Parameters:
    ///   - quality: JPEG and lossy WebP quality, 1...100.
    ///   - lossless: WebP without loss.
    ///   - pngCompression: how hard PNG output is compressed; the pixels are the same.
    ///   - keep: the metadata blocks written into the file (the ICC profile alone by default).
    ///   - effort: the encoder effort (`EncodeOptions.effort`); nil is the format's default.
    package init(format: ImageFormat, quality: Int = 90, lossless: Bool = false,
                pngCompression: PNGCompression = .standard, keep: MetadataKeep = .icc, effort: Int? = nil) {
        self.init(format: format, options: EncodeOptions(quality: quality, lossless: lossless,
                                                         pngCompression: pngCompression,
                                                         keep: keep, effort: effort))
    }

    /// The file's bytes for `image` (already on the host) and `metadata`; `destination` names
    /// the output in errors.
    package func encode(_ image: HostImage, metadata: ImageMetadata, destination: String) throws -> [UInt8] {
        try ImageEncoder.encode(image, metadata: metadata, as: format, options: options, destination: destination)
    }

    /// The file's bytes for `image`'s first frame (downloaded if it is on a device).
    public func encode(_ image: ImageContainer, destination: String = "<memory>") throws -> [UInt8] {
        try encode(try image.hostImage(), metadata: image.metadata, destination: destination)
    }
}
