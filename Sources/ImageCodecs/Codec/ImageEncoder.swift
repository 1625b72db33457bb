/// Encodes `HostImage`s as PNG, JPEG, WebP, AVIF, JPEG XL or GIF bytes, each through its `ImageFormatRegistry`
/// entry's `ImageSaver`. Writing them to disk (atomically) is the caller's job.
///
/// Thread-safe: encodes share nothing.
public enum ImageEncoder {
    /// Lossless 8-bit PNG (row filters chosen per row, libdeflate). Keeps alpha; a fully
    /// opaque image is written as RGB, which is smaller and faster to compress.
    /// - Parameters:
    ///   - compression: `.standard` (about the size of Pillow's default output), `.fast` or
    ///     `.smallest`.
    ///   - destination: names the output in errors.
    package static func encodePNG(_ image: HostImage, compression: PNGCompression = .standard,
                                 destination: String = "<memory>") throws(ImageCodecError) -> [UInt8] {
        try PNGEncoder.encode(image, compression: compression, destination: destination)
    }

    /// Baseline JPEG, 4:2:0 chroma subsampling, standard tables scaled for `quality` (1...100),
    /// accurate integer DCT; alpha is dropped. These are Pillow's defaults, and with them
    /// libjpeg-turbo writes the very bytes Pillow's `save(..., quality=q)` writes.
    /// - Parameter destination: names the output in errors.
    package static func encodeJPEG(_ image: HostImage, quality: Int = 90,
                                  destination: String = "<memory>") throws(ImageCodecError) -> [UInt8] {
        try JPEGEncoder.encode(image, quality: quality, destination: destination)
    }

    /// WebP (libwebp): lossy at `quality` (1...100), or lossless, every pixel kept exactly
    /// (the colour under fully transparent pixels too), so its pixels equal the PNG's.
    package static func encodeWebP(_ image: HostImage, quality: Int = 90, lossless: Bool = false,
                                  destination: String = "<memory>") throws(ImageCodecError) -> [UInt8] {
        try WebPCodec.encode(image, quality: quality, lossless: lossless, destination: destination)
    }

    /// `image` as a `format` file, written by that format's saver with what of `metadata` the
    /// format carries (the blocks `options.keep` names). The formats only read
    /// (`isWritable` false) fail with `.encodeFailed`.
    public static func encode(_ image: HostImage, metadata: ImageMetadata = ImageMetadata(), as format: ImageFormat,
                              options: EncodeOptions = EncodeOptions(),
                              destination: String = "<memory>") throws(ImageCodecError) -> [UInt8] {
        guard let saver = ImageFormatRegistry.entry(for: format).saver else {
            throw ImageCodecError(source: destination, reason: .encodeFailed(
                "\(format.displayName) is read but not written; write \(format.keepOutputFormat.displayName) instead"))
        }
        return try saver.encode(image, metadata: metadata, options: options, destination: destination)
    }

    /// `encode(_:metadata:as:options:destination:)` without metadata (`quality` is used for
    /// JPEG and lossy WebP, `lossless` for WebP only, `pngCompression` for PNG only): the
    /// package's tests' shorthand; users pass `EncodeOptions`.
    package static func encode(_ image: HostImage, as format: ImageFormat, quality: Int = 90, lossless: Bool = false,
                              pngCompression: PNGCompression = .standard,
                              destination: String = "<memory>") throws(ImageCodecError) -> [UInt8] {
        try encode(image, as: format, options: EncodeOptions(quality: quality, lossless: lossless,
                                                             pngCompression: pngCompression),
                   destination: destination)
    }
}
