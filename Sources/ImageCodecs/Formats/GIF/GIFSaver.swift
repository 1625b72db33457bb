/// `--format gif` for a still: one frame through `GIFAnimationEncoder` with no loop count and
/// no graphic control extension unless a pixel is transparent (a plain GIF89a still).
enum GIFSaver: ImageSaver {
    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8] {
        var encoder = try GIFAnimationEncoder(width: image.width, height: image.height, loopCount: nil,
                                              metadata: metadata, options: options, destination: destination,
                                              alwaysWritesControl: false)
        try encoder.append(image, duration: nil)
        return try encoder.finish()
    }
}
