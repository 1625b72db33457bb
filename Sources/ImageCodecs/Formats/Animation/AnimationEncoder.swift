/// Writes an animation frame by frame: memory is one frame plus the encoded output so far.
package protocol AnimationEncoder: ~Copyable {
    /// `loopCount`: nil writes no loop count (played once, where the format allows), 0 loops
    /// forever, N loops N times (as Pillow's `loop=`). `metadata` is written as the
    /// format can hold it, per `options.keep`.
    init(width: Int, height: Int, loopCount: Int?, metadata: ImageMetadata,
         options: EncodeOptions, destination: String) throws(ImageCodecError)
    /// Appends one frame of `width` × `height`; `duration` nil means the format's default.
    mutating func append(_ frame: HostImage, duration: Duration?) throws(ImageCodecError)
    /// The whole encoded file.
    consuming func finish() throws(ImageCodecError) -> [UInt8]
}
