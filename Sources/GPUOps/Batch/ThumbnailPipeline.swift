import ComputeCore
import ImageCodecs
import ImageEffects
import OperationChain

/// The operations between decoding and encoding that `ThumbnailSettings` describe, for each
/// of its sizes: scale (and crop), the effects in order, the glitch. One definition for the
/// batch (which puts them between its load and save operations) and for `gpuglitch verify`
/// (which runs them on two backends and compares).
public struct ThumbnailPipeline: Sendable {
    public let settings: ThumbnailSettings

    public init(settings: ThumbnailSettings) { self.settings = settings }

    /// The scale step of each entry of `settings.sizes`, in order: cover fuses the resize
    /// with the crop.
    public var targets: [ScaleTarget] {
        settings.sizes.map { ScaleTarget($0, fit: settings.fit, gravity: settings.gravity, enlarges: settings.enlarges) }
    }

    /// How inputs are decoded: pixel and memory limits, orientation, and shrink-on-load down
    /// to no less than twice what the largest scale step reads (one decode serves every size).
    public var decodeOptions: DecodeOptions {
        var options = DecodeOptions(maxPixels: settings.maxPixels, applyOrientation: settings.applyOrientation,
                                    failOnWarnings: settings.failOnWarnings,
                                    memoryBudget: settings.memoryBudgetPerImage)
        options.readsICCProfile = settings.keepsICCProfile || settings.convertsToSRGB
        options.convertsCMYKToSRGB = settings.convertsToSRGB
        let targets = self.targets
        if settings.shrinkOnLoad, !targets.isEmpty {
            options.minimumSize = { @Sendable w, h in ScaleTarget.resizedSize(of: targets, width: w, height: h)! }
        }
        return options
    }

    /// Fresh operations for one output of one image on `backend`, in order: the scale to
    /// `target`, the sRGB conversion (`convertsToSRGB`, from the decoded image's ICC profile
    /// that `profile` gives), the effects, the glitch.
    public func operations(on backend: any ComputeBackend, target: ScaleTarget,
                           profile: @escaping @Sendable () -> [UInt8]? = { nil })
        -> [ChainableOperation<PipelineImage, PipelineImage>] {
        var operations: [ChainableOperation<PipelineImage, PipelineImage>] = [
            ScaleImageOperation(backend: backend, target: target, filter: settings.filter),
        ]
        if settings.convertsToSRGB { operations.append(ConvertToSRGBImageOperation(backend: backend, profile: profile)) }
        for effect in settings.effects {
            operations.append(KernelImageOperation(backend: backend, kernel: effect.kernel))
        }
        if let glitch = settings.glitch {
            operations.append(GlitchImageOperation(backend: backend, parameters: glitch))
        }
        return operations
    }

    /// The pipeline run synchronously on the calling thread over one decoded image (with its
    /// ICC profile, for `convertsToSRGB`): one result per entry of `settings.sizes`, on the
    /// host. On a device backend the image is uploaded once, every size is made from that one
    /// device image, and each result is downloaded once.
    /// The sizes' resizes go through `run(_:from:on:each:)`, as the batch's do.
    public func render(_ image: HostImage, profile: [UInt8]? = nil, on backend: any ComputeBackend) throws -> [HostImage] {
        let resident = try backend.makeResident(.host(image))
        var results: [HostImage] = []
        try Self.run(targets.map { operations(on: backend, target: $0, profile: { profile }) }, from: resident,
                     on: backend) { _, result in results.append(try result.hostImage()) }
        return results
    }

    /// Runs each output's operations over `image`, output after output, handing each result to
    /// `body` with the output's position (after `before` with it, which may throw to stop).
    /// When every output starts with a scale on `backend`, the scales go through one
    /// `resample(_:plans:each:)`, which lets the backend share their horizontal passes.
    static func run(_ outputs: [[ChainableOperation<PipelineImage, PipelineImage>]], from image: PipelineImage,
                    on backend: any ComputeBackend, before: (Int) throws -> Void = { _ in },
                    each body: (_ index: Int, _ result: PipelineImage) throws -> Void) throws {
        func finish(_ index: Int, from start: PipelineImage, skipping: Int) throws {
            try before(index)
            var current = start
            for operation in outputs[index].dropFirst(skipping) { current = try operation.execute(current) }
            try body(index, current)
        }
        let scales = outputs.compactMap { $0.first as? ScaleImageOperation }
        guard outputs.count > 1, scales.count == outputs.count, scales.allSatisfy({ $0.backend === backend }) else {
            for index in outputs.indices { try finish(index, from: image, skipping: 0) }
            return
        }
        let plans = try scales.map { try $0.plan(inputWidth: image.width, inputHeight: image.height) }
        try backend.resample(image, plans: plans) { index, resized in try finish(index, from: resized, skipping: 1) }
    }

    /// One output: the operations for `target` over `image`, the result on the host.
    public func render(_ image: PipelineImage, profile: [UInt8]? = nil, on backend: any ComputeBackend,
                       target: ScaleTarget) throws -> HostImage {
        var current = image
        for operation in operations(on: backend, target: target, profile: { profile }) {
            current = try operation.execute(current)
        }
        return try current.hostImage()
    }
}
