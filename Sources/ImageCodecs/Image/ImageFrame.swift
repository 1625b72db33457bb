/// One frame of an image: its pixels, and how long it is shown when the image is animated.
///
/// Generic over where the pixels are: decoders make frames of `HostImage`s, steps pass frames
/// whose pixels may sit on a compute device.
public struct ImageFrame<Pixels: Sendable>: Sendable {
    public var pixels: Pixels
    /// How long the frame is shown; nil for a still image.
    public var duration: Duration?

    public init(_ pixels: Pixels, duration: Duration? = nil) {
        self.pixels = pixels
        self.duration = duration
    }
}

extension ImageFrame: Equatable where Pixels: Equatable {}
