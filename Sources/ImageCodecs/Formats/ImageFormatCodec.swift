/// What a format beyond the built-in PNG, JPEG and WebP paths provides to `ImageDecoder`:
/// libvips' `is_a` / `header` / `load` split (the sniff lives in its `ImageFormatRegistry`
/// entry). Each format has its own folder under `Formats/`; adding one is that folder and one
/// line of `ImageFormatRegistry.entries`.
///
/// Every method takes the whole file in memory and throws only `ImageCodecError`s naming
/// `source`; none may trap, print or abort on a damaged file.
protocol ImageFormatCodec: Sendable {
    /// The size, orientation (as the format carries it) and format, without decoding pixels.
    /// A file cut off before its pixel data is `.truncated`.
    static func readHeader(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) -> ImageHeader

    /// The picture as 8-bit RGBA, oriented as `options.applyOrientation` says. `header` is
    /// `readHeader`'s, already checked against `options.maxPixels`; the decoder checks the
    /// size it decodes at against `options.memoryBudget` before allocating pixels.
    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, options: DecodeOptions,
                       source: String) throws(ImageCodecError) -> DecodedImage

    /// The embedded ICC profile, or nil when there is none (or it is damaged).
    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]?
}

extension ImageFormatCodec {
    /// A decoded picture at full size: `stored` oriented when asked, with `header`'s facts.
    static func finish(_ stored: HostImage, header: ImageHeader, options: DecodeOptions,
                       opaque: Bool) -> DecodedImage {
        var image = stored
        if options.applyOrientation { header.orientation.apply(to: &image) }
        if opaque { image.markOpaqueByConstruction() }
        return DecodedImage(image: image,
                            metadata: ImageMetadata(orientation: header.orientation,
                                                    orientationApplied: options.applyOrientation),
                            facts: DecodeFacts(format: header.format, sourceWidth: image.width, sourceHeight: image.height))
    }
}
