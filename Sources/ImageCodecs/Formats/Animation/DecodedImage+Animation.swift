extension DecodedImage {
    /// This decoded first frame as the start of an animation: its duration set, the rest of the
    /// frames in `animation`, read from `reader` as asked for. Refused when the file states more
    /// frames than `options.maxFrames`.
    package func animated(firstDuration: Duration?, rest reader: any AnimationFrameReader, orientation: ImageOrientation,
                          options: DecodeOptions, source: String) throws(ImageCodecError) -> DecodedImage {
        if let count = reader.declaredFrameCount, count > options.maxFrames {
            throw ImageCodecError(source: source, reason: .tooManyFrames(limit: options.maxFrames))
        }
        var decoded: DecodedImage
        do {
            decoded = try DecodedImage(frames: [ImageFrame(image, duration: firstDuration)], metadata: metadata, facts: facts)
        } catch {
            throw ImageCodecError(source: source, reason: .corrupt("animation frame: \(error)"))
        }
        decoded.animation = AnimationFrames(reader, orientation: orientation, maxFrames: options.maxFrames, source: source)
        return decoded
    }
}
