import COpenCL

/// An OpenCL context over one device: the scope in which buffers, programs and queues live.
/// Released in `deinit` (the RAII of CLHPP's `detail::Wrapper`); OpenCL objects made from it
/// retain it, so it outlives them however the Swift references are dropped.
public final class CLContext: @unchecked Sendable {
    let id: cl_context
    /// The device the context was made for.
    public let device: CLDevice

    public init(device: CLDevice) throws(CLCallError) {
        var err: cl_int = 0
        var deviceID: cl_device_id? = device.id
        let made = clCreateContext(nil, 1, &deviceID, nil, nil, &err)
        try check("clCreateContext", err)
        guard let made else { throw CLCallError(call: "clCreateContext", error: .outOfHostMemory) }
        id = made
        self.device = device
    }

    deinit { clReleaseContext(id) }
}
