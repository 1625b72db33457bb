import ComputeCore
import ImageEffects
import ImageMaths
import OperationChain
/// Applies the glitch filter (channel shift, torn rows, scanlines; docs/SPEC.md §4): a
/// `KernelImageOperation` running `GlitchKernel`, which makes the per-row plan on the host
/// once per image, for the image's own size.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class GlitchImageOperation: KernelImageOperation, @unchecked Sendable {
    package let parameters: GlitchParameters

    public init(backend: any ComputeBackend, parameters: GlitchParameters = GlitchParameters(),
                input: ImageContainer? = nil) {
        self.parameters = parameters
        super.init(backend: backend, kernel: GlitchKernel(parameters: parameters), input: input)
    }
}
