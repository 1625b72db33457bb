import ComputeCore
import ImageMaths

/// Resizes (and, for cover and boxes, crops) an image with one of Pillow's filters,
/// byte-identical to Pillow's `resize` then `crop` (docs/SPEC.md §3).
public struct ScaleStep: ImageStep, Equatable {
    public var target: ScaleTarget
    public var filter: ResampleFilter

    public init(target: ScaleTarget, filter: ResampleFilter = .lanczos) {
        self.target = target
        self.filter = filter
    }

    /// The resize and crop this step makes of an input of that size, its geometry computed
    /// from `pictureSize` (the input's own size when nil).
    package func plan(inputWidth: Int, inputHeight: Int, pictureSize: PixelSize? = nil) throws -> ResamplePlan {
        try target.plan(inputWidth: inputWidth, inputHeight: inputHeight, pictureSize: pictureSize, filter: filter)
    }

    /// The plan for `image`: its geometry from the picture's size before shrink-on-load
    /// (`ImageContainer.pictureSize`), so an output's size and crop are the same whether or
    /// not, and however far, the decode was shrunk.
    package func plan(for image: ImageContainer) throws -> ResamplePlan {
        try plan(inputWidth: image.width, inputHeight: image.height, pictureSize: image.pictureSize)
    }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        let plan = try plan(for: image)
        return try cropContentAware(try image.mapFrames { try backend.resample($0, plan: plan) }, on: backend)
    }

    /// The window a content-aware gravity (`attention`, `entropy`) picks from the resized
    /// image, cut out; the image as it is for every other target, whose crop `plan` fused.
    package func cropContentAware(_ resized: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        guard let crop = target.contentAwareCrop else { return resized }
        return try ContentAwareWindow.crop(resized, width: crop.box.width, height: crop.box.height,
                                           gravity: crop.gravity, on: backend)
    }
}
