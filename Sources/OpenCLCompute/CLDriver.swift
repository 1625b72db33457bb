import COpenCL

/// The OpenCL C calls whose failures the code recovers from, behind a table of functions (the
/// idea of swift-system's mocking driver): `live` calls OpenCL, and a test swaps one entry to
/// force the failure — out of device memory, a marker or callback that cannot be set, a build
/// that fails — and sees the recovery run, on a real device otherwise.
///
/// `package` access: the test-support target builds forcing drivers for the tests of every
/// layer. A context carries its driver, and every buffer, queue and program made from the context
/// calls through it, so a test's driver reaches only the objects of the context it made.
package struct CLDriver: Sendable {
    package typealias EventCallback = @convention(c) (cl_event?, cl_int, UnsafeMutableRawPointer?) -> Void

    /// `clCreateBuffer(context, flags, size, host, &error)`.
    package var createBuffer: @Sendable (cl_context, cl_mem_flags, Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<cl_int>) -> cl_mem?
    /// `clEnqueueMarkerWithWaitList(queue, 0, nil, &event)`.
    package var enqueueMarker: @Sendable (cl_command_queue, UnsafeMutablePointer<cl_event?>) -> cl_int
    /// `clSetEventCallback(event, CL_COMPLETE, callback, userData)`.
    package var setCompletionCallback: @Sendable (cl_event, EventCallback, UnsafeMutableRawPointer?) -> cl_int
    /// `clFinish(queue)`.
    package var finish: @Sendable (cl_command_queue) -> cl_int
    /// `clBuildProgram(program, 1, &device, options, nil, nil)`.
    package var buildProgram: @Sendable (cl_program, cl_device_id, String) -> cl_int

    package init(
        createBuffer: @escaping @Sendable (cl_context, cl_mem_flags, Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<cl_int>) -> cl_mem?,
        enqueueMarker: @escaping @Sendable (cl_command_queue, UnsafeMutablePointer<cl_event?>) -> cl_int,
        setCompletionCallback: @escaping @Sendable (cl_event, EventCallback, UnsafeMutableRawPointer?) -> cl_int,
        finish: @escaping @Sendable (cl_command_queue) -> cl_int,
        buildProgram: @escaping @Sendable (cl_program, cl_device_id, String) -> cl_int
    ) {
        self.createBuffer = createBuffer
        self.enqueueMarker = enqueueMarker
        self.setCompletionCallback = setCompletionCallback
        self.finish = finish
        self.buildProgram = buildProgram
    }

    /// The real calls.
    package static let live = CLDriver(
        createBuffer: { context, flags, size, host, error in clCreateBuffer(context, flags, size, host, error) },
        enqueueMarker: { queue, event in clEnqueueMarkerWithWaitList(queue, 0, nil, event) },
        setCompletionCallback: { event, callback, data in clSetEventCallback(event, CL_COMPLETE, callback, data) },
        finish: { queue in clFinish(queue) },
        buildProgram: { program, device, options in
            var device: cl_device_id? = device
            return clBuildProgram(program, 1, &device, options, nil, nil)
        }
    )
}
