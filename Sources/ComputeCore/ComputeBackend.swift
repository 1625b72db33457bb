import ImageCodecs
import ImageMaths
/// Which family a backend belongs to.
public enum BackendKind: String, Sendable {
    case cpu
    case opencl
}

/// A place where the image operations run: the CPU backend or one OpenCL device.
///
/// This is what a user holds and calls: which backend it is, what it moved, and a user's
/// `ImageKernel` run on it; resizing is `ScaleStep` (or `ScaleImageOperation`) on a backend.
/// The primitive passes the operations are made of (resampling plans and passes over weight
/// layouts, crop, premultiply, transfers) are the
/// implementation API, `ComputeBackendCore`, which only this package's backends conform to
/// and only this package's code reaches, through `core` (swift-nio keeps `ChannelCore` apart
/// from `Channel` the same way). A type of a user's own that conforms to this protocol is not
/// a backend the operations can run on: they throw `ComputeArgumentError.unsupportedBackend`.
public protocol ComputeBackend: AnyObject, Sendable {
    var kind: BackendKind { get }
    /// Short name for messages and reports, e.g. `cpu` or `opencl:0 (NVIDIA H100)`.
    var name: String { get }
    /// Uploads and downloads this backend made.
    var transfers: TransferCounters { get }
    /// A user's (or a built-in effect's) `ImageKernel`: its OpenCL launches on a device
    /// backend, its host implementation on the CPU backend (docs/IMAGE-OPERATIONS.md).
    func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage
}

extension ComputeBackend {
    /// Resizes (and crops, when the plan has a window) exactly as Pillow's `resize` then `crop`.
    /// Images with any transparency are resampled premultiplied, as Pillow does via "RGBa".
    package func resample(_ image: PipelineImage, plan: ResamplePlan) throws -> PipelineImage {
        try ComputeArgumentCheck.resample(width: image.width, height: image.height, plan: plan)
        let core = try self.core
        var current = try core.makeResident(image)
        if plan.isIdentity { return current }
        let premultiplied = !current.isOpaque && (plan.horizontal != nil || plan.vertical != nil)
        if premultiplied { current = try core.premultiply(current) }
        switch plan.order {
        case .horizontalFirst:
            if let h = plan.horizontal {
                current = try core.resampleHorizontal(current, weights: h, rows: plan.sourceRows)
            } else {
                current = try core.cropIfNeeded(current, to: plan.columnCopyRect)
            }
            if let v = plan.vertical {
                current = try core.resampleVertical(current, weights: v)
            }
        case .verticalFirst:
            // Only the columns the horizontal pass reads: every column of a vertical pass is
            // independent, so leaving the others out changes no kept pixel.
            current = try core.cropIfNeeded(current, to: plan.verticalFirstSourceRect)
            if let v = plan.vertical {
                current = try core.resampleVertical(current, weights: v)
            }
            if let h = plan.horizontal {
                current = try core.resampleHorizontal(current, weights: h, rows: 0..<current.height)
            }
        }
        if premultiplied { current = try core.unpremultiply(current) }
        return current
    }

    /// Every plan's resize of one image (several sizes of one photo), handed to `body` in plan
    /// order, each equal to `resample(_:plan:)` of the image. A backend may share work between
    /// the plans (the CPU backend shares their horizontal passes on an opaque photo). Each
    /// result may be let go once `body` returns.
    package func resample(_ image: PipelineImage, plans: [ResamplePlan],
                         each body: (_ index: Int, _ resized: PipelineImage) throws -> Void) throws {
        try core.resample(image, plans: plans, each: body)
    }
}
