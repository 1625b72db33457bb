import ComputeCore
import ComputeDevices
import ImageEffects
import OperationChain

/// Runs an `ImageKernel` on a backend: the user's own device operation, chained like the
/// built-in ones. On a device backend a `.device` input stays on the device and the result
/// is left there, so any run of device operations costs one upload and one download per
/// image. On the CPU backend, and for an image the device has no memory for, the kernel's
/// host implementation runs instead (same bytes; `ranOnHostAfterDeviceFailure` says so).
open class KernelImageOperation: ChainableOperation<PipelineImage, PipelineImage>, @unchecked Sendable {
    public let backend: any ComputeBackend
    public let kernel: any ImageKernel
    /// Whether the device failed for lack of resources and the host implementation ran.
    public private(set) var ranOnHostAfterDeviceFailure = false

    public init(backend: any ComputeBackend, kernel: any ImageKernel, input: PipelineImage? = nil) {
        self.backend = backend
        self.kernel = kernel
        super.init(input: input)
    }

    open override func execute(_ input: PipelineImage) throws -> PipelineImage {
        do {
            return try backend.run(kernel, on: input)
        } catch where backend.kind != .cpu && CPUFallback.isRecoverable(error) {
            ranOnHostAfterDeviceFailure = true
            return try CPUFallback.singleThreaded().run(kernel, on: input)
        }
    }
}

/// Seed 001's sepia tone (`SepiaKernel`): Pillow's `colorize(grayscale(im), black, white, mid)`,
/// alpha kept.
public final class SepiaImageOperation: KernelImageOperation, @unchecked Sendable {
    public init(backend: any ComputeBackend, sepia: SepiaKernel = SepiaKernel(), input: PipelineImage? = nil) {
        super.init(backend: backend, kernel: sepia, input: input)
    }
}

/// Seed 003's tilt-shift (`TiltShiftKernel`): Pillow's
/// `composite(im.filter(GaussianBlur(r)), im, rowMask)`.
public final class TiltShiftImageOperation: KernelImageOperation, @unchecked Sendable {
    public init(backend: any ComputeBackend, tiltShift: TiltShiftKernel, input: PipelineImage? = nil) {
        super.init(backend: backend, kernel: tiltShift, input: input)
    }
}
