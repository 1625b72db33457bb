import ComputeCore
import ImageEffects
import OperationChain

/// `KernelStep` as an operation: runs an `ImageKernel` on a backend, the user's own device operation, chained like the
/// built-in ones. On a device backend a `.device` input stays on the device and the result
/// is left there, so any run of device operations costs one upload and one download per
/// image. On the CPU backend the kernel's host implementation runs (same bytes).
///
/// A device that has no memory for the image throws an error that
/// `CPUFallback.isRecoverable(_:)` recognises; the batch runner then redoes the whole image on
/// the CPU (one recovery path, per image, under the runner's cancellation), so this operation
/// does not fall back by itself.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
open class KernelImageOperation: ChainableOperation<ImageContainer, ImageContainer>, @unchecked Sendable {
    package let backend: any ComputeBackend
    package let step: KernelStep
    package var kernel: any ImageKernel { step.kernel }

    public init(backend: any ComputeBackend, kernel: any ImageKernel, input: ImageContainer? = nil) {
        self.backend = backend
        step = KernelStep(kernel)
        super.init(input: input)
    }

    open override func execute(_ input: ImageContainer) throws -> ImageContainer {
        try step.apply(to: input, on: backend)
    }
}

/// Seed 001's sepia tone (`SepiaKernel`): Pillow's `colorize(grayscale(im), black, white, mid)`,
/// alpha kept.
// @unchecked Sendable: restated from Operation; no stored properties of its own.
public final class SepiaImageOperation: KernelImageOperation, @unchecked Sendable {
    public init(backend: any ComputeBackend, sepia: SepiaKernel = SepiaKernel(), input: ImageContainer? = nil) {
        super.init(backend: backend, kernel: sepia, input: input)
    }
}

/// Seed 003's tilt-shift (`TiltShiftKernel`): Pillow's
/// `composite(im.filter(GaussianBlur(r)), im, rowMask)`.
// @unchecked Sendable: restated from Operation; no stored properties of its own.
public final class TiltShiftImageOperation: KernelImageOperation, @unchecked Sendable {
    public init(backend: any ComputeBackend, tiltShift: TiltShiftKernel, input: ImageContainer? = nil) {
        super.init(backend: backend, kernel: tiltShift, input: input)
    }
}

/// Pillow's `UnsharpMask(radius, percent, threshold)` (`SharpenKernel`): a sharpen after a
/// strong downscale.
// @unchecked Sendable: restated from Operation; no stored properties of its own.
public final class SharpenImageOperation: KernelImageOperation, @unchecked Sendable {
    public init(backend: any ComputeBackend, sharpen: SharpenKernel, input: ImageContainer? = nil) {
        super.init(backend: backend, kernel: sharpen, input: input)
    }
}
