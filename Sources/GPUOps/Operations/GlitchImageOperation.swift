import ComputeCore
import ImageMaths
import OperationChain
/// Applies the glitch filter (channel shift, torn rows, scanlines; docs/SPEC.md §4). The per-row
/// tear offsets are computed here on the host, once per image, for the image's own size.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class GlitchImageOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    public let backend: any ComputeBackend
    public let step: GlitchStep
    public var parameters: GlitchParameters { step.parameters }

    public init(backend: any ComputeBackend, parameters: GlitchParameters = GlitchParameters(),
                input: ImageContainer? = nil) {
        self.backend = backend
        step = GlitchStep(parameters: parameters)
        super.init(input: input)
    }

    public override func execute(_ input: ImageContainer) throws -> ImageContainer {
        try step.apply(to: input, on: backend)
    }
}
