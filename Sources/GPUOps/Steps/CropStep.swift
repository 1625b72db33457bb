import ComputeCore
import ImageMaths
/// Which part of an image a `CropImageOperation` keeps.
public enum CropRegion: Sendable, Equatable {
    /// Exactly this rectangle; it must lie inside the image.
    case rect(PixelRect)
    /// The largest square, anchored at `gravity` (docs/SPEC.md §3's crop of cover); chosen
    /// from the pixels for `attention` and `entropy` (§3.1).
    case square(Gravity)

    /// The rectangle for a `width × height` image.
    package func rect(width: Int, height: Int) throws -> PixelRect {
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
public struct CropStep: ImageStep, Equatable {
    public var region: CropRegion

    public init(region: CropRegion) { self.region = region }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        if case .square(let gravity) = region, gravity.isContentAware {
            let side = min(image.width, image.height)
            return try ContentAwareWindow.crop(image, width: side, height: side, gravity: gravity, on: backend)
        }
        let rect = try region.rect(width: image.width, height: image.height)
        return try image.mapFrames { try backend.cropIfNeeded($0, to: rect) }
    }
}
