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

    /// The resize and crop this step makes of an input of that size.
    package func plan(inputWidth: Int, inputHeight: Int) throws -> ResamplePlan {
        try target.plan(inputWidth: inputWidth, inputHeight: inputHeight, filter: filter)
    }

    public func apply(to image: ImageContainer, on backend: any ComputeBackend) throws -> ImageContainer {
        let plan = try plan(inputWidth: image.width, inputHeight: image.height)
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
