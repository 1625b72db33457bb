import COpenCL

/// An OpenCL context over one device: the scope in which buffers, programs and queues live.
/// Released in `deinit` (the RAII of CLHPP's `detail::Wrapper`); OpenCL objects made from it
/// retain it, so it outlives them however the Swift references are dropped.
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLContext: @unchecked Sendable {
    let id: cl_context
    /// The device the context was made for.
    package let device: CLDevice
    /// The calls its buffers, queues and programs make where a failure has a recovery.
    let driver: CLDriver

    package convenience init(device: CLDevice) throws(CLCallError) {
        try self.init(device: device, driver: .live)
    }

    /// A context whose objects call through `driver` (tests force failures with it).
    init(device: CLDevice, driver: CLDriver) throws(CLCallError) {
        var err: cl_int = 0
        var deviceID: cl_device_id? = device.id
        let made = clCreateContext(nil, 1, &deviceID, nil, nil, &err)
        try check("clCreateContext", err)
        guard let made else { throw CLCallError(call: "clCreateContext", error: .outOfHostMemory) }
        id = made
        self.device = device
        self.driver = driver
    }

    deinit { clReleaseContext(id) }
}
