import ImageCodecs
import ImageMaths

/// What a backend implements, apart from what a user calls (`ComputeBackend`): the primitive
/// passes the operations are made of, over this package's weight layouts and plans.
///
/// `package`, so that weights and split layouts stay out of the public API and
/// can change with the passes that read them (swift-nio's `ChannelCore`, "for the Channel
/// implementation only"). The CPU and OpenCL backends (and the tests' doubles) conform; code
/// of this package reaches it through `ComputeBackend.core`, which refuses a user's own type
/// with a typed error instead of trapping.
///
/// Every primitive accepts an image from anywhere (host, this device, another device) and
/// returns one resident on this backend: `.host` for the CPU, `.device` for OpenCL, without
/// waiting for the device.
package protocol ComputeBackendCore: ComputeBackend {
    /// The image, resident on this backend (uploads a host image for a device backend).
    func makeResident(_ image: PipelineImage) throws -> PipelineImage
    /// Copies a device image made by this backend back to the host, waiting for the work
    /// queued before it.
    func download(_ image: DeviceImage) throws -> HostImage

    /// Horizontal resampling of input rows `rows`; output is `weights.count × rows.count`.
    func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage
    /// `ComputeBackend.resample(_:plans:each:)`; the default resizes one plan after another.
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

    /// A JPEG's pixels made from its coefficients, resident here, byte for byte those of
    /// libjpeg-turbo on the host; nil when this backend has no JPEG decoder or turns these
    /// coefficients down (the caller then decodes on the host).
    func decodeJPEG(_ coefficients: JPEGCoefficients) throws -> PipelineImage?
    /// Whether this backend's kernels run on a CPU (the CPU backend, POCL): `--decode auto`
    /// keeps JPEG decoding on the host there, where libjpeg-turbo is the faster decoder.
    var runsOnCPU: Bool { get }
}

extension ComputeBackendCore {
    /// A backend without a JPEG decoder of its own (the CPU's is libjpeg-turbo, on the host).
    package func decodeJPEG(_ coefficients: JPEGCoefficients) throws -> PipelineImage? { nil }
    package var runsOnCPU: Bool { true }

    package func resample(_ image: PipelineImage, plans: [ResamplePlan],
                          each body: (_ index: Int, _ resized: PipelineImage) throws -> Void) throws {
        for plan in plans { try ComputeArgumentCheck.resample(width: image.width, height: image.height, plan: plan) }
        let resident = try makeResident(image)
        for (index, plan) in plans.enumerated() { try body(index, try resample(resident, plan: plan)) }
    }

    /// `crop`, skipped when the rectangle is the whole image.
    package func cropIfNeeded(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        if rect == PixelRect(x: 0, y: 0, width: image.width, height: image.height) {
            return try makeResident(image)
        }
        return try crop(image, to: rect)
    }
}

extension ComputeBackend {
    /// This backend's implementation API: the one way package code reaches the passes of a
    /// backend it holds as `any ComputeBackend`. Every backend this package makes has one; a
    /// user's own conforming type does not, and is refused here, before any pass runs.
    package var core: any ComputeBackendCore {
        get throws(ComputeArgumentError) {
            guard let core = self as? any ComputeBackendCore else { throw .unsupportedBackend(name: name) }
            return core
        }
    }

    // The passes through `core`, under their own names, so that package code holding
    // `any ComputeBackend` calls `backend.crop(…)` as before.

    package func makeResident(_ image: PipelineImage) throws -> PipelineImage { try core.makeResident(image) }
    package func download(_ image: DeviceImage) throws -> HostImage { try core.download(image) }
    package func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights,
                                    rows: Range<Int>) throws -> PipelineImage {
        try core.resampleHorizontal(image, weights: weights, rows: rows)
    }
    package func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        try core.resampleVertical(image, weights: weights)
    }
    package func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage { try core.crop(image, to: rect) }
    package func cropIfNeeded(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage {
        try core.cropIfNeeded(image, to: rect)
    }
    package func premultiply(_ image: PipelineImage) throws -> PipelineImage { try core.premultiply(image) }
    package func unpremultiply(_ image: PipelineImage) throws -> PipelineImage { try core.unpremultiply(image) }
}
