import ComputeCore
import ImageMaths
import OperationChain
/// Applies the glitch filter (channel shift, torn rows, scanlines; docs/SPEC.md §4). The per-row
/// tear offsets are computed here on the host, once per image, for the image's own size.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class GlitchImageOperation: ChainableOperation<PipelineImage, PipelineImage>, @unchecked Sendable {
    public let backend: any ComputeBackend
    public let parameters: GlitchParameters

    public init(backend: any ComputeBackend, parameters: GlitchParameters = GlitchParameters(),
                input: PipelineImage? = nil) {
        self.backend = backend
        self.parameters = parameters
        super.init(input: input)
    }

    public override func execute(_ input: PipelineImage) throws -> PipelineImage {
        let plan = try GlitchPlan(parameters: parameters, width: input.width, height: input.height)
        return try backend.glitch(input, plan: plan)
    }
}
