import ComputeCore
import ImageMaths
import OperationChain
/// Which part of an image a `CropImageOperation` keeps.
public enum CropRegion: Sendable, Equatable {
    /// Exactly this rectangle; it must lie inside the image.
    case rect(PixelRect)
    /// The largest square, anchored at `gravity` (docs/SPEC.md §3's crop of cover).
    case square(Gravity)

    /// The rectangle for a `width × height` image.
    public func rect(width: Int, height: Int) throws -> PixelRect {
        switch self {
        case .rect(let r):
            guard r.fits(inWidth: width, height: height) else {
                throw ImageOperationError.cropOutsideImage(rect: r, width: width, height: height)
            }
            return r
        case .square(let gravity):
            return gravity.square(side: min(width, height), inWidth: width, height: height)
        }
    }
}

/// Cuts a rectangle out of an image by exact pixel copying, on the backend where the image is
/// (a device image stays on the device).
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class CropImageOperation: ChainableOperation<PipelineImage, PipelineImage>, @unchecked Sendable {
    public let backend: any ComputeBackend
    public let region: CropRegion

    public init(backend: any ComputeBackend, region: CropRegion, input: PipelineImage? = nil) {
        self.backend = backend
        self.region = region
        super.init(input: input)
    }

    public override func execute(_ input: PipelineImage) throws -> PipelineImage {
        let rect = try region.rect(width: input.width, height: input.height)
        return try backend.cropIfNeeded(input, to: rect)
    }
}
