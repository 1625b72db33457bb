/// The animation encoder of each format that writes animations: one line per format.
package enum AnimationEncoders {
    /// Computed: metatypes of a protocol that is not `Sendable` cannot sit in a global.
    static var table: [ImageFormat: any (AnimationEncoder & ~Copyable).Type] {
        [
            .webp: WebPAnimationEncoder.self,
            .gif: GIFAnimationEncoder.self,
        ]
    }

    /// Whether `format` is written as an animation (`--frames all` keeps every frame).
    package static func canAnimate(_ format: ImageFormat) -> Bool { table[format] != nil }

    /// An encoder of `format` for an animation of `width` × `height`, or nil when the format
    /// writes stills only.
    package static func makeEncoder(for format: ImageFormat, width: Int, height: Int, loopCount: Int?,
                                    metadata: ImageMetadata, options: EncodeOptions,
                                    destination: String) throws(ImageCodecError) -> (any AnimationSink)? {
        guard let type = table[format] else { return nil }
        return try open(type, width: width, height: height, loopCount: loopCount, metadata: metadata,
                        options: options, destination: destination)
    }

    private static func open<Encoder: AnimationEncoder & ~Copyable>(
        _ type: Encoder.Type, width: Int, height: Int, loopCount: Int?, metadata: ImageMetadata,
        options: EncodeOptions, destination: String) throws(ImageCodecError) -> any AnimationSink {
        AnimationEncoderBox(try Encoder(width: width, height: height, loopCount: loopCount, metadata: metadata,
                                        options: options, destination: destination), destination: destination)
    }
}

/// One animation being encoded, whatever its format: an `AnimationEncoder` in a box, so that
/// the outputs of one input (one per size) sit in an array.
package protocol AnimationSink: AnyObject {
    /// Appends one frame; `duration` nil is the format's default.
    func append(_ frame: HostImage, duration: Duration?) throws(ImageCodecError)
    /// The whole file; the sink takes no frame after.
    func finish() throws(ImageCodecError) -> [UInt8]
}

private final class AnimationEncoderBox<Encoder: AnimationEncoder & ~Copyable>: AnimationSink {
    private var encoder: Encoder?
    private let destination: String

    init(_ encoder: consuming Encoder, destination: String) {
        self.encoder = .some(encoder)
        self.destination = destination
    }

    func append(_ frame: HostImage, duration: Duration?) throws(ImageCodecError) {
        guard encoder != nil else { throw finished }
        try encoder!.append(frame, duration: duration)
    }

    func finish() throws(ImageCodecError) -> [UInt8] {
        guard let encoder = encoder.take() else { throw finished }
        return try encoder.finish()
    }

    private var finished: ImageCodecError {
        ImageCodecError(source: destination, reason: .encodeFailed("the animation was already finished"))
    }
}
