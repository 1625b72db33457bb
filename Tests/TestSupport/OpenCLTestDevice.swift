import ComputeCore
import OpenCLCompute

/// The device the OpenCL tests run on: the first in `opencl:N` order, like `--device opencl:0`.
package enum OpenCLTestDevice {
    package static func first() throws -> CLDevice {
        guard let device = try CLDevice.all().first else { throw CLCallError(call: "clGetDeviceIDs", error: .deviceNotFound) }
        return device
    }

    /// A new backend (own pool and counters) on the first device; the program is shared.
    package static func backend(maxIdleBytes: Int? = nil) throws -> OpenCLBackend {
        try OpenCLBackend(device: first(), index: 0, maxIdleBytes: maxIdleBytes)
    }
}

extension PipelineImage {
    /// The pixels on the host, for comparisons.
    public var pixels: [UInt8] { get throws { try hostImage().pixels } }
}
