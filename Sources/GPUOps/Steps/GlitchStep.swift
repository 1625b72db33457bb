import ComputeCore
import ImageMaths

/// The glitch filter (channel shift, torn rows, scanlines; docs/SPEC.md §4). The per-row tear
/// offsets are computed on the host, once per frame size.
public struct GlitchStep: ImageStep, Equatable {
    public var parameters: GlitchParameters

    public init(parameters: GlitchParameters = GlitchParameters()) { self.parameters = parameters }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        let plan = try GlitchPlan(parameters: parameters, width: image.width, height: image.height)
        return try image.mapFrames { try backend.glitch($0, plan: plan) }
    }
}
