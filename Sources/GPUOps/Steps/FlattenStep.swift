import ComputeCore
import ImageEffects

/// Lays transparent frames over `background` (`FlattenKernel`: Pillow's `alpha_composite`
/// onto an image of that colour), on the backend where the frame is. Placed by
/// `ThumbnailPipeline` after the effects and the glitch, before the encode: always for an
/// output format without alpha (JPEG), for any format with `ThumbnailSettings.flattensAlpha`
/// (`--flatten`). An opaque frame is passed on untouched: the composite would give its bytes.
public struct FlattenStep: ImageStep, Equatable {
    public var background: BackgroundColor

    public init(background: BackgroundColor = .black) { self.background = background }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        let kernel = FlattenKernel(background: background.color, backgroundAlpha: background.alpha)
        return try image.mapFrames { frame in frame.isOpaque ? frame : try backend.run(kernel, on: frame) }
    }
}
