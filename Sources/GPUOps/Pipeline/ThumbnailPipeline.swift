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
/// sides, so that effects and glitch see the whole box), the effects in order and the glitch.
public struct ThumbnailPipeline: Sendable {
    package let settings: ThumbnailSettings

    /// One output's steps: the scale that starts it, and the steps after it.
    package struct Output: Sendable {
        package var scale: ScaleStep
        package var steps: [any ImageStep]
    }

    public init(settings: ThumbnailSettings) { self.settings = settings }

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
        let plans = try outputs.map { try $0.scale.plan(inputWidth: resident.width, inputHeight: resident.height) }
        try backend.resample(resident.pixels, plans: plans) { index, resized in
            try before(index)
            let scale = outputs[index].scale
            try finish(index, from: try scale.cropContentAware(try resident.replacingPixels(with: resized), on: backend))
        }
    }

    /// Every output of `image` on `backend`, on the host, in the order of `settings.sizes`.
    public func render(_ image: ImageContainer, on backend: any ComputeBackend) throws -> [HostImage] {
        var results: [HostImage] = []
        try run(image, on: backend) { _, result in results.append(try result.hostImage()) }
        return results
    }
}
