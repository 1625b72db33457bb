import ComputeCore
import ImageCodecs
import OperationChain

/// `ConvertToSRGBStep` as an operation: converts an image from the ICC profile in its
/// metadata to sRGB.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class ConvertToSRGBImageOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    package let backend: any ComputeBackend
    package let step = ConvertToSRGBStep()

    public init(backend: any ComputeBackend, input: ImageContainer? = nil) {
        self.backend = backend
        super.init(input: input)
    }

    public override func execute(_ input: ImageContainer) throws -> ImageContainer {
        try step.apply(to: input, on: backend)
    }
}
