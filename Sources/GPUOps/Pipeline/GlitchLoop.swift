/// A glitch loop from a still (`--animate N`): an animation of `frames` frames in which frame i
/// is the still's output with the glitch seed `seed + i` (wrapping), each shown `frameTime`,
/// looping forever. Frame i equals the still made with `--glitch seed=s+i`, byte for byte in
/// lossless WebP.
public struct GlitchLoop: Sendable, Equatable {
    public var frames: Int
    public var frameTime: Duration

    /// 100 ms, the delay browsers give a GIF frame that states none.
    public static let defaultFrameTime = Duration.milliseconds(100)

    public init(frames: Int, frameTime: Duration = GlitchLoop.defaultFrameTime) {
        self.frames = frames
        self.frameTime = frameTime
    }
}
