import ComputeCore
import ImageMaths
import OperationChain

/// `ScaleStep` as an operation: resizes an image on a backend with one of Pillow's filters,
/// byte-identical to Pillow's `Image.resize` on opaque images. A host input is uploaded first
/// on a device backend; the result stays on the backend.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class ScaleImageOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    package let backend: any ComputeBackend
    package let step: ScaleStep
    package var target: ScaleTarget { step.target }
    package var filter: ResampleFilter { step.filter }

    public init(backend: any ComputeBackend, target: ScaleTarget, filter: ResampleFilter = .lanczos,
                input: ImageContainer? = nil) {
        self.backend = backend
        step = ScaleStep(target: target, filter: filter)
        super.init(input: input)
    }

    public override func execute(_ input: ImageContainer) throws -> ImageContainer {
        try step.apply(to: input, on: backend)
    }
}
