import Synchronization

/// The frames of an animated input after its first, read one at a time as the pipeline asks
/// for them: a decode hands on the first frame in `DecodedImage.frames` and the rest here
/// (`DecodeOptions.frames == .all`), so an animation of 1,000 frames holds one canvas in
/// memory, not 1,000.
///
/// Read once, in order, by one consumer at a time (calls are serialised); `next()` refuses a
/// frame past `DecodeOptions.maxFrames` with `.tooManyFrames`.
public final class AnimationFrames: Sendable {
    /// The canvas every frame fills (oriented as the first frame).
    public let width: Int
    public let height: Int
    /// How often the animation plays: 0 forever, N times N, nil when the file says nothing.
    public let loopCount: Int?
    /// Names the input in errors.
    private let source: String
    private let maxFrames: Int
    private let orientation: ImageOrientation
    private let state: Mutex<State>

    // @unchecked Sendable: the reader is handed over by the decoder that made it (which keeps
    // no use of it) and is reached only inside `state`'s lock.
    private struct State: @unchecked Sendable {
        let reader: any AnimationFrameReader
        /// Frames handed on so far, the first (in `DecodedImage.frames`) included.
        var delivered = 1
    }

    /// `reader` has handed out its first frame already. `orientation` is applied to every
    /// frame (`.topLeft` for none).
    package init(_ reader: any AnimationFrameReader, orientation: ImageOrientation, maxFrames: Int, source: String) {
        let sideways = orientation.swapsWidthAndHeight
        width = sideways ? reader.height : reader.width
        height = sideways ? reader.width : reader.height
        loopCount = reader.loopCount
        self.orientation = orientation
        self.maxFrames = maxFrames
        self.source = source
        state = Mutex(State(reader: reader))
    }

    /// The next frame, or nil after the last.
    public func next() throws(ImageCodecError) -> ImageFrame<HostImage>? {
        let (maxFrames, source, orientation) = (maxFrames, source, orientation)
        return try state.withLock { state throws(ImageCodecError) -> ImageFrame<HostImage>? in
            guard var frame = try state.reader.nextFrame() else { return nil }
            if state.delivered >= maxFrames {
                throw ImageCodecError(source: source, reason: .tooManyFrames(limit: maxFrames))
            }
            state.delivered += 1
            orientation.apply(to: &frame.pixels)
            return frame
        }
    }
}
