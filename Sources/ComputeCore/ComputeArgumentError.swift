import ImageMaths

/// Arguments a backend refuses, the same on every backend: each primitive checks its
/// arguments with `ComputeArgumentCheck` before it touches a pixel, so a bad crop rectangle or
/// a kernel launch that does not fit is this error on the CPU and on OpenCL alike, never a crash.
/// Each case carries the numbers that did not fit, so the message says what was wrong.
public enum ComputeArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A crop rectangle that is empty or reaches outside the image (docs/SPEC.md §3: an error,
    /// never a clamp).
    case cropOutsideImage(rect: PixelRect, width: Int, height: Int)
    /// A device image handed to a backend that does not own it, where only the owner can read it.
    case foreignDeviceImage(owner: String, backend: String)
    /// An `ImageKernel` launch the backend cannot run (bad sizes, an image of another run,
    /// more local memory than the device has).
    case invalidKernelLaunch(kernel: String, reason: String)
    /// An `ImageKernel` whose host implementation returned another size than `outputSize` says.
    case kernelOutputSizeMismatch(kernel: String, expected: PixelSize, actual: PixelSize)
    /// A `ComputeBackend` that is not one of this package's backends (a type of the caller's
    /// own): the operations run only on `CPUBackend` and the devices `DeviceSelector` gives.
    case unsupportedBackend(name: String)

    public var description: String {
        switch self {
        case let .cropOutsideImage(rect, width, height):
            "crop \(rect) lies outside the \(width)x\(height) image"
        case let .foreignDeviceImage(owner, backend):
            "\(backend) cannot read a device image of \(owner)"
        case let .invalidKernelLaunch(kernel, reason):
            "kernel \(kernel): \(reason)"
        case let .kernelOutputSizeMismatch(kernel, expected, actual):
            "kernel \(kernel): the host implementation returned \(actual), outputSize says \(expected)"
        case let .unsupportedBackend(name):
            "\(name) is not a backend of this library: use CPUBackend or a device from DeviceSelector"
        }
    }
}

/// Resampling arguments a backend pass refuses. Plans and weights are made inside the package
/// from the image they are applied to (`ScaleStep`), so these are checks of the package's own
/// passes, the same on every backend, never a crash.
package enum ResampleArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A resampling pass given weights or rows that read outside the image, or produce nothing.
    case outsideImage(pass: String, needed: Int, available: Int)
    /// A resample plan made for another image size.
    case planSizeMismatch(planWidth: Int, planHeight: Int, width: Int, height: Int)

    package var description: String {
        switch self {
        case let .outsideImage(pass, needed, available):
            "\(pass) resampling reads \(needed) source pixels along its axis, the image has \(available)"
        case let .planSizeMismatch(pw, ph, w, h):
            "resample plan made for \(pw)x\(ph), image is \(w)x\(h)"
        }
    }
}

/// The argument checks of the backend primitives, written once for every backend.
package enum ComputeArgumentCheck {
    /// Horizontal pass: a non-empty row range inside the image, and every window inside a row.
    package static func horizontal(width: Int, height: Int, weights: ResampleWeights,
                                  rows: Range<Int>) throws(ResampleArgumentError) {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= height else {
            throw .outsideImage(pass: "horizontal (rows)", needed: max(rows.upperBound, 1), available: height)
        }
        try windows(weights, pass: "horizontal", available: width)
    }

    /// Vertical pass: every window inside the image's rows.
    package static func vertical(height: Int, weights: ResampleWeights) throws(ResampleArgumentError) {
        try windows(weights, pass: "vertical", available: height)
    }

    /// Crop: a non-empty rectangle inside the image.
    package static func crop(width: Int, height: Int, rect: PixelRect) throws(ComputeArgumentError) {
        guard rect.fits(inWidth: width, height: height) else {
            throw .cropOutsideImage(rect: rect, width: width, height: height)
        }
    }

    /// Resize: a plan made for this size.
    package static func resample(width: Int, height: Int, plan: ResamplePlan) throws(ResampleArgumentError) {
        guard plan.inputWidth == width, plan.inputHeight == height else {
            throw .planSizeMismatch(planWidth: plan.inputWidth, planHeight: plan.inputHeight,
                                    width: width, height: height)
        }
    }

    private static func windows(_ weights: ResampleWeights, pass: String, available: Int) throws(ResampleArgumentError) {
        guard weights.count > 0 else { throw .outsideImage(pass: pass, needed: 0, available: available) }
        var first = Int.max, end = 0, fitsTaps = true
        for i in 0..<weights.count {
            first = min(first, weights.start(i))
            end = max(end, weights.start(i) + weights.length(i))
            fitsTaps = fitsTaps && weights.length(i) >= 0 && weights.length(i) <= weights.taps
        }
        guard first >= 0, end <= available, fitsTaps else {
            throw .outsideImage(pass: pass, needed: end, available: available)
        }
    }
}
