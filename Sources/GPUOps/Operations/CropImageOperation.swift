import ComputeCore
import ImageMaths
import OperationChain

/// `CropStep` as an operation.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class CropImageOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    package let backend: any ComputeBackend
    package let step: CropStep
    package var region: CropRegion { step.region }

    public init(backend: any ComputeBackend, region: CropRegion, input: ImageContainer? = nil) {
        self.backend = backend
        step = CropStep(region: region)
        super.init(input: input)
    }

    public override func execute(_ input: ImageContainer) throws -> ImageContainer {
        try step.apply(to: input, on: backend)
    }
}
