import ComputeCore
import ImageCodecs
import ImageEffects
import ImageMaths

/// The steps `ThumbnailSettings` describe, and the one path every image takes through them:
/// the batch (`gpuglitch process`), `gpuglitch verify`, `gpuglitch bench` and
/// `FanOutSaveOperation` all call `run(_:on:before:each:)`.
///
/// Each entry of `settings.sizes` is one output: its scale (cover fuses the resize with the
/// crop), then the sRGB conversion (`convertsToSRGB`), the pad (`FitMode.pad` with a box of two
/// sides, so that effects and glitch see the whole box), the effects in order, the glitch, and
/// the flatten onto `settings.background` (`FlattenStep`: JPEG outputs, or every output with
/// `settings.flattensAlpha`).
public struct ThumbnailPipeline: Sendable {
    package let settings: ThumbnailSettings
    /// The format the outputs are written in, when known: one without alpha (JPEG) gets a
    /// `FlattenStep` last, as `settings.flattensAlpha` gives every format.
    package let outputFormat: ImageFormat?

    /// One output's steps: the scale that starts it, and the steps after it.
    package struct Output: Sendable {
        package var scale: ScaleStep
        package var steps: [any ImageStep]
    }

    public init(settings: ThumbnailSettings) { self.init(settings: settings, outputFormat: nil) }

    /// The pipeline for outputs written as `outputFormat` (a JPEG output is flattened onto
    /// `settings.background`).
    public init(settings: ThumbnailSettings, outputFormat: ImageFormat?) {
        self.settings = settings
        self.outputFormat = outputFormat
    }

    /// The scale target of each entry of `settings.sizes`, in order.
    package var targets: [ScaleTarget] {
        settings.sizes.map { ScaleTarget($0, fit: settings.fit, gravity: settings.gravity, enlarges: settings.enlarges) }
    }

    /// The steps after the scale of an output fitted to `size`: the pad only for
    /// `FitMode.pad` with both sides given (a width-only or height-only entry has no box to fill).
    package func stepsAfterScale(for size: ThumbnailSize) -> [any ImageStep] {
        var steps: [any ImageStep] = []
        if settings.convertsToSRGB { steps.append(ConvertToSRGBStep()) }
        if settings.fit == .pad, let width = size.width, let height = size.height {
            steps.append(PadStep(box: PixelSize(width: width, height: height), background: settings.background))
        }
        for effect in settings.effects { steps.append(KernelStep(effect.kernel)) }
        if let glitch = settings.glitch { steps.append(KernelStep(GlitchKernel(parameters: glitch))) }
        if settings.flattensAlpha || outputFormat?.holdsAlpha == false { steps.append(FlattenStep(background: settings.background)) }
        return steps
    }

    /// Every output's steps, in the order of `settings.sizes`.
    package var outputs: [Output] {
        zip(settings.sizes, targets).map { size, target in
            Output(scale: ScaleStep(target: target, filter: settings.filter), steps: stepsAfterScale(for: size))
        }
    }

    /// How inputs are decoded: pixel and memory limits, orientation, the metadata the outputs
    /// need, and shrink-on-load down to no less than twice what the largest scale reads (one
    /// decode serves every size).
    public var decodeOptions: DecodeOptions {
        var options = DecodeOptions(maxPixels: settings.maxPixels, applyOrientation: settings.applyOrientation,
                                    failOnWarnings: settings.failOnWarnings,
                                    memoryBudget: settings.memoryBudgetPerImage)
        options.readsICCProfile = settings.keep.contains(.icc) || settings.convertsToSRGB
        options.readsMetadata = settings.keep
        options.convertsCMYKToSRGB = settings.convertsToSRGB
        // A glitch loop starts from the first frame; otherwise every frame is read (lazily:
        // an output that cannot animate never asks for the second).
        options.frames = settings.glitchLoop == nil ? settings.frames : .first
        options.maxFrames = settings.maxFrames
        let targets = self.targets
        if settings.shrinkOnLoad, !targets.isEmpty {
            options.minimumSize = { @Sendable w, h in ScaleTarget.resizedSize(of: targets, width: w, height: h)! }
        }
        return options
    }

    package var decode: DecodeStep { DecodeStep(options: decodeOptions, mode: settings.decode) }

    /// How outputs in `format` are encoded: quality, lossless WebP, PNG compression, the JPEG
    /// coding options and WebP effort, and the metadata blocks `settings.keep` names.
    package func encode(as format: ImageFormat) -> EncodeStep {
        var options = EncodeOptions(quality: settings.quality, lossless: settings.webpLossless,
                                    pngCompression: settings.pngCompression, keep: settings.keep)
        options.jpeg = settings.jpeg
        options.effort = settings.effort
        return EncodeStep(format: format, options: options)
    }

    /// Runs every output over `image`, output after output, handing each result to `body`
    /// with its position (after `before` with it, which may throw to stop). The image is made
    /// resident on `backend` once (one upload on a device). With several outputs of a still
    /// image, the scales go through one `resample(_:plans:each:)`, which lets the backend share
    /// their horizontal passes; each result may be let go once `body` returns.
    package func run(_ image: ImageContainer, on backend: any ComputeBackend, before: (Int) throws -> Void = { _ in },
                    each body: (_ index: Int, _ result: ImageContainer) throws -> Void) throws {
        let outputs = self.outputs
        let resident = try image.mapFrames { try backend.makeResident($0) }
        func finish(_ index: Int, from scaled: ImageContainer) throws {
            var current = scaled
            for step in outputs[index].steps { current = try step.apply(to: current, on: backend) }
            try body(index, current)
        }
        guard outputs.count > 1, resident.frames.count == 1 else {
            for index in outputs.indices {
                try before(index)
                try finish(index, from: try outputs[index].scale.apply(to: resident, on: backend))
            }
            return
        }
        let plans = try outputs.map { try $0.scale.plan(for: resident) }
        try backend.resample(resident.pixels, plans: plans) { index, resized in
            try before(index)
            let scale = outputs[index].scale
            try finish(index, from: try scale.cropContentAware(try resident.replacingPixels(with: resized), on: backend))
        }
    }

    /// Whether outputs of `image` in `format` are animations: a glitch loop, or an animated
    /// input read with every frame, in a format that animates (`AnimationEncoders`).
    package func animates(_ image: ImageContainer, as format: ImageFormat) -> Bool {
        AnimationEncoders.canAnimate(format) && (settings.glitchLoop != nil || image.animation != nil)
    }

    /// What the record of an animated input says when its outputs in `format` are made from its
    /// first frame alone, or nil when every frame is written.
    package func firstFrameWarning(writing format: ImageFormat) -> String? {
        if settings.glitchLoop != nil { return "animated input: the glitch loop is made from its first frame" }
        if settings.frames == .first { return "animated input: only its first frame is written (--frames first)" }
        if !AnimationEncoders.canAnimate(format) {
            return "animated input: only its first frame is written (\(format.displayName) output does not animate)"
        }
        return nil
    }

    /// How often the animated outputs of `image` play: the input's loop count, forever for a
    /// glitch loop.
    package func loopCount(of image: ImageContainer) -> Int? {
        settings.glitchLoop != nil ? 0 : image.animation?.loopCount
    }

    /// Runs every output over every frame of an animation (`animates(_:as:)`), handing each
    /// output's frame to `body` with its position and duration, after `before` (which may
    /// throw to stop). An animated input streams: each frame is decoded, taken through every
    /// output (as `run` takes a still), and let go before the next is read, so memory is one
    /// frame whatever the number of frames. A glitch loop runs each output's steps before the
    /// glitch once, then the glitch once per frame with its seed.
    package func runFrames(_ image: ImageContainer, on backend: any ComputeBackend, before: () throws -> Void,
                           each body: (_ index: Int, _ result: ImageContainer, _ duration: Duration?) throws -> Void) throws {
        let first = try ImageContainer(frames: [image.frames[0]], metadata: image.metadata, facts: image.facts)
        if let loop = settings.glitchLoop {
            try runGlitchLoop(loop, from: first, on: backend, before: before, each: body)
            return
        }
        // A content-aware gravity picks its window from the first frame; later frames are cut
        // at the same window (docs/SPEC.md §3.1), so it does not jump from frame to frame.
        let contentAware = outputs.contains { $0.scale.target.contentAwareCrop != nil }
        var windows: [PixelRect?] = Array(repeating: nil, count: outputs.count)
        var frame: ImageContainer? = first
        while let current = frame {
            try before()
            let duration = current.frames[0].duration
            if contentAware {
                try runFrame(current, on: backend, windows: &windows) { index, result in try body(index, result, duration) }
            } else {
                try run(current, on: backend) { index, result in try body(index, result, duration) }
            }
            frame = try image.animation?.next().map { next in
                try ImageContainer(frames: [ImageFrame(.host(next.pixels), duration: next.duration)],
                                   metadata: image.metadata, facts: image.facts)
            }
        }
    }

    /// One frame through every output, each content-aware crop at the window of `windows`
    /// (chosen here from the first frame).
    private func runFrame(_ frame: ImageContainer, on backend: any ComputeBackend, windows: inout [PixelRect?],
                          each body: (_ index: Int, _ result: ImageContainer) throws -> Void) throws {
        let resident = try frame.mapFrames { try backend.makeResident($0) }
        for (index, output) in outputs.enumerated() {
            let plan = try output.scale.plan(for: resident)
            var current = try resident.mapFrames { try backend.resample($0, plan: plan) }
            if let crop = output.scale.target.contentAwareCrop {
                let window = try windows[index] ?? ContentAwareWindow.rect(
                    of: current.pixels, width: min(crop.box.width, current.width),
                    height: min(crop.box.height, current.height), gravity: crop.gravity, on: backend)
                windows[index] = window
                current = try current.mapFrames { try backend.cropIfNeeded($0, to: window) }
            }
            for step in output.steps { current = try step.apply(to: current, on: backend) }
            try body(index, current)
        }
    }

    private func runGlitchLoop(_ loop: GlitchLoop, from still: ImageContainer, on backend: any ComputeBackend,
                               before: () throws -> Void,
                               each body: (_ index: Int, _ result: ImageContainer, _ duration: Duration?) throws -> Void) throws {
        let resident = try still.mapFrames { try backend.makeResident($0) }
        for (index, output) in outputs.enumerated() {
            try before()
            var current = try output.scale.apply(to: resident, on: backend)
            // The glitch is the last step (`stepsAfterScale`): the ones before it run once.
            let unglitched = settings.glitch == nil ? output.steps : Array(output.steps.dropLast())
            for step in unglitched { current = try step.apply(to: current, on: backend) }
            for i in 0..<loop.frames {
                if i > 0 { try before() }
                var frame = current
                if var glitch = settings.glitch {
                    glitch.seed = glitch.seed &+ UInt32(truncatingIfNeeded: i)
                    frame = try KernelStep(GlitchKernel(parameters: glitch)).apply(to: current, on: backend)
                }
                try body(index, frame, loop.frameTime)
            }
        }
    }

    /// Every output of `image` on `backend`, on the host, in the order of `settings.sizes`.
    public func render(_ image: ImageContainer, on backend: any ComputeBackend) throws -> [HostImage] {
        var results: [HostImage] = []
        try run(image, on: backend) { _, result in results.append(try result.hostImage()) }
        return results
    }
}
