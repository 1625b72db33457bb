import ArgumentParser
import GPUOps
import ImageCodecs

/// `--frames all|first`.
enum FramesArgument: String, CaseIterable, ExpressibleByArgument {
    case all, first

    var selection: FrameSelection {
        switch self {
        case .all: .all
        case .first: .first
        }
    }
}

/// What happens to the frames of animated inputs, and glitch loops made from stills
/// (docs/CLI.md, "Animations"). A group of its own inside `ThumbnailOptions`.
struct AnimationOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Frames of an animated GIF, WebP, APNG or AVIF input: all (the default) writes every frame, each scaled, cropped, with its effects and the same glitch, into an output that animates (WebP, lossy or --lossless, or GIF), with its duration and the loop count; an output that cannot animate (JPEG, PNG, AVIF, JPEG XL) gets the first frame and the image's record says so. first: the first frame alone, everywhere.",
        valueName: "all|first"))
    var frames: FramesArgument = .all

    @Option(help: ArgumentHelp(
        "Refuse animated inputs with more frames (frames stream one at a time: --max-pixels and the memory budget count one frame).",
        valueName: "N"))
    var maxFrames: Int = DecodeOptions.defaultMaxFrames

    @Option(help: ArgumentHelp(
        "Write an N-frame glitch loop from each input (its first frame): frame i is the output of --glitch seed=s+i, exactly; needs an output that animates (--format webp or gif).",
        valueName: "N"))
    var animate: Int?

    @Option(help: ArgumentHelp("Milliseconds each frame of an --animate loop is shown (default 100).", valueName: "ms"))
    var frameTime: Int?

    /// The largest `--max-frames` and `--animate`: a million frames, over a day at 100 ms each.
    static let framesCeiling = 1_000_000

    func validate() throws {
        guard (1...Self.framesCeiling).contains(maxFrames) else {
            throw ValidationError("--max-frames must be 1...\(Self.framesCeiling) (got \(maxFrames))")
        }
        if let animate, !(1...maxFrames).contains(animate) {
            throw ValidationError("--animate must be 1...\(maxFrames) (--max-frames) (got \(animate))")
        }
        if let frameTime {
            guard animate != nil else { throw ValidationError("--frame-time goes with --animate") }
            guard (1...65_535).contains(frameTime) else {
                throw ValidationError("--frame-time must be 1...65535 milliseconds (got \(frameTime))")
            }
        }
    }

    /// `--animate` against the rest: an output that animates, and a glitch to vary.
    func check(format: ImageFormat?, glitches: Bool) throws(ValidationError) {
        guard animate != nil else { return }
        guard let format, AnimationEncoders.canAnimate(format) else {
            throw ValidationError("--animate needs an output format that animates (--format webp or gif)")
        }
        guard glitches else { throw ValidationError("--animate and --no-glitch cannot be used together") }
    }

    /// Sets the frame settings of `settings`.
    func apply(to settings: inout ThumbnailSettings) {
        settings.frames = frames.selection
        settings.maxFrames = maxFrames
        settings.glitchLoop = animate.map {
            GlitchLoop(frames: $0, frameTime: frameTime.map { .milliseconds($0) } ?? GlitchLoop.defaultFrameTime)
        }
    }
}
