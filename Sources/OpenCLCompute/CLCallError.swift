import ComputeCore
import COpenCL

/// An OpenCL call that returned an error: which call, and the code it returned, as swift-nio's
/// `IOError` records the failing system call and CLBlast's `CheckError` the failing call.
///
/// `CLCallError(call: "clEnqueueNDRangeKernel", error: .invalidKernelArgs)` reads
/// "clEnqueueNDRangeKernel failed: CL_INVALID_KERNEL_ARGS (-52)".
public struct CLCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed, e.g. `clCreateBuffer`.
    public let call: String
    public let error: CLError

    package init(call: String, error: CLError) {
        self.call = call
        self.error = error
    }

    public var description: String { "\(call) failed: \(error)" }

    /// Whether the failure is a shortage of memory or resources, which a caller can recover
    /// from by running the work elsewhere (the CPU fallback). A buffer larger than the device's
    /// largest allocation (`CL_INVALID_BUFFER_SIZE` from `clCreateBuffer`) counts too: the image
    /// is simply too big for this device. Users read it as `isOutOfDeviceResources`.
    package var isOutOfResources: Bool {
        error.isOutOfResources || (call == "clCreateBuffer" && error == .invalidBufferSize)
    }
}

/// Throws `CLCallError` naming `call` unless `code` is `CL_SUCCESS`. Every wrapper in this
/// folder funnels its return codes through here.
@inline(__always)
func check(_ call: String, _ code: cl_int) throws(CLCallError) {
    if code != CL_SUCCESS {
        throw CLCallError(call: call, error: CLError(rawValue: code))
    }
}

extension CLCallError: DeviceResourceError {
    /// The device had no room for this work: the image can be redone on the CPU.
    public var isOutOfDeviceResources: Bool { isOutOfResources }
}
