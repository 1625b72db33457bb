import ImageCodecs
import ImageMaths
/// Which family a backend belongs to.
public enum BackendKind: String, Sendable, Codable {
    case cpu
    case opencl
}

/// A place where the image operations run: the CPU fallback or one OpenCL device.
///
/// A backend provides the primitive passes; the composition of a resize out of them
/// (premultiply, horizontal, vertical, unpremultiply, copies for skipped passes) lives once in
/// the extension below so that both backends run the same sequence. Every primitive accepts
/// an image from anywhere (host, this device, another device) and returns one resident on
/// this backend: `.host` for the CPU, `.device` for OpenCL, without waiting for the device.
public protocol ComputeBackend: AnyObject, Sendable {
    var kind: BackendKind { get }
    /// Short name for messages and reports, e.g. `cpu` or `opencl:0 (NVIDIA H100)`.
    var name: String { get }
    /// Uploads and downloads this backend made.
    var transfers: TransferCounters { get }

    /// The image, resident on this backend (uploads a host image for a device backend).
    func makeResident(_ image: PipelineImage) throws -> PipelineImage
    /// Copies a device image made by this backend back to the host, waiting for the work
    /// queued before it.
    func download(_ image: DeviceImage) throws -> HostImage

    /// Horizontal resampling of input rows `rows`; output is `weights.count × rows.count`.
    func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage
    /// Every plan's resize of one image (several sizes of one photo), handed to `body` in plan
    /// order, each equal to `resample(_:plan:)` of the image. A backend may share work between
    /// the plans (the CPU backend shares their horizontal passes on an opaque photo); the
    /// default resizes one plan after another. Each result may be let go once `body` returns.
    func resample(_ image: PipelineImage, plans: [ResamplePlan],
                  each body: (_ index: Int, _ resized: PipelineImage) throws -> Void) throws
    /// Vertical resampling; output is `width × weights.count`.
    func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage
    /// Exact copy of `rect`, which must lie inside the image (callers check).
    func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage
    /// RGBA → premultiplied RGBa, rounding as Pillow's `rgbA2rgba` (its RGBA → RGBa converter).
    func premultiply(_ image: PipelineImage) throws -> PipelineImage
    /// Premultiplied RGBa → RGBA, as Pillow's `rgba2rgbA` (its RGBa → RGBA converter).
    func unpremultiply(_ image: PipelineImage) throws -> PipelineImage
    /// A user's (or a built-in effect's) `ImageKernel`: its OpenCL launches on a device
    /// backend, its host implementation on the CPU backend (docs/IMAGE-OPERATIONS.md).
    func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage
}

extension ComputeBackend {
    /// Resizes (and crops, when the plan has a window) exactly as Pillow's `resize` then `crop`.
    /// Images with any transparency are resampled premultiplied, as Pillow does via "RGBa".
    public func resample(_ image: PipelineImage, plan: ResamplePlan) throws -> PipelineImage {
        try ComputeArgumentCheck.resample(width: image.width, height: image.height, plan: plan)
        var current = try makeResident(image)
        if plan.isIdentity { return current }
        let premultiplied = !current.isOpaque && (plan.horizontal != nil || plan.vertical != nil)
        if premultiplied { current = try premultiply(current) }
        switch plan.order {
        case .horizontalFirst:
            if let h = plan.horizontal {
                current = try resampleHorizontal(current, weights: h, rows: plan.sourceRows)
            } else {
                current = try cropIfNeeded(current, to: plan.columnCopyRect)
            }
            if let v = plan.vertical {
                current = try resampleVertical(current, weights: v)
            }
        case .verticalFirst:
            // Only the columns the horizontal pass reads: every column of a vertical pass is
            // independent, so leaving the others out changes no kept pixel.
            current = try cropIfNeeded(current, to: plan.verticalFirstSourceRect)
            if let v = plan.vertical {
                current = try resampleVertical(current, weights: v)
            }
            if let h = plan.horizontal {
                current = try resampleHorizontal(current, weights: h, rows: 0..<current.height)
            }
        }
        if premultiplied { current = try unpremultiply(current) }
        return current
    }

    public func resample(_ image: PipelineImage, plans: [ResamplePlan],
                         each body: (_ index: Int, _ resized: PipelineImage) throws -> Void) throws {
        for plan in plans { try ComputeArgumentCheck.resample(width: image.width, height: image.height, plan: plan) }
        let resident = try makeResident(image)
        for (index, plan) in plans.enumerated() { try body(index, try resample(resident, plan: plan)) }
    }

    /// `crop`, skipped when the rectangle is the whole image.
    public func cropIfNeeded(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        if rect == PixelRect(x: 0, y: 0, width: image.width, height: image.height) {
            return try makeResident(image)
        }
        return try crop(image, to: rect)
    }
}
