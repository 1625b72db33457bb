import ComputeCore
import ImageCodecs
import ImageEffects
import OperationChain

/// The operations between decoding and encoding that `ThumbnailSettings` describe: scale
/// (and crop), the effects in order, the glitch. One definition for the batch (which puts
/// them between its load and save operations) and for `gpuglitch verify` (which runs them
/// on two backends and compares).
public struct ThumbnailPipeline: Sendable {
    public let settings: ThumbnailSettings

    public init(settings: ThumbnailSettings) { self.settings = settings }

    /// The scale step: cover fuses the resize with the square crop.
    public var target: ScaleTarget {
        switch settings.fit {
        case .cover: ScaleTarget.cover(side: settings.size, gravity: settings.gravity)
        case .contain: ScaleTarget.contain(side: settings.size)
        }
    }

    /// How inputs are decoded: pixel and memory limits, orientation, and shrink-on-load down
    /// to no less than twice what the scale step reads.
    public var decodeOptions: DecodeOptions {
        var options = DecodeOptions(maxPixels: settings.maxPixels, applyOrientation: settings.applyOrientation,
                                    failOnWarnings: settings.failOnWarnings,
                                    memoryBudget: settings.memoryBudgetPerImage)
        options.readsICCProfile = settings.keepsICCProfile || settings.convertsToSRGB
        options.convertsCMYKToSRGB = settings.convertsToSRGB
        if settings.shrinkOnLoad {
            let target = self.target
            options.minimumSize = { @Sendable w, h in target.resizedSize(width: w, height: h) }
        }
        return options
    }

    /// Fresh operations for one image on `backend`, in order; `profile` gives the decoded
    /// image's ICC profile to the sRGB conversion (`convertsToSRGB`).
    public func operations(on backend: any ComputeBackend, profile: @escaping @Sendable () -> [UInt8]? = { nil })
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

    /// The pipeline run synchronously on the calling thread over one decoded image, the
    /// result on the host (downloaded once from a device backend).
    public func render(_ image: HostImage, profile: [UInt8]? = nil, on backend: any ComputeBackend) throws -> HostImage {
        var current = PipelineImage.host(image)
        for operation in operations(on: backend, profile: { profile }) {
            current = try operation.execute(current)
        }
        return try current.hostImage()
    }
}
