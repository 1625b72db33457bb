import COpenCL

/// An in-order command queue with profiling enabled, released in `deinit`.
///
/// In order means each command starts after the previous one finished, so kernels can be
/// enqueued back to back without waiting and a later blocking read sees all their results.
/// Enqueueing from several threads at once is allowed by OpenCL (only `clSetKernelArg` is not).
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLCommandQueue: @unchecked Sendable {
    let id: cl_command_queue
    package let context: CLContext

    package init(context: CLContext) throws(CLCallError) {
        var err: cl_int = 0
        let made = clCreateCommandQueue(context.id, context.device.id,
                                        cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE), &err)
        try check("clCreateCommandQueue", err)
        guard let made else { throw CLCallError(call: "clCreateCommandQueue", error: .outOfHostMemory) }
        id = made
        self.context = context
    }

    deinit { clReleaseCommandQueue(id) }

    /// Runs `kernel` over a 1-, 2- or 3-dimensional range with its arguments as they are set
    /// now (OpenCL copies them at enqueue), without waiting for it.
    @discardableResult
    package func enqueue(_ kernel: CLKernel, globalSize: [Int], localSize: [Int]? = nil) throws(CLCallError) -> CLEvent {
        precondition((1...3).contains(globalSize.count) && globalSize.allSatisfy { $0 > 0 })
        precondition(localSize == nil || localSize!.count == globalSize.count)
        return try Self.enqueued("clEnqueueNDRangeKernel") { event in
            globalSize.withUnsafeBufferPointer { global in
                if let localSize {
                    return localSize.withUnsafeBufferPointer { local in
                        clEnqueueNDRangeKernel(id, kernel.id, cl_uint(global.count), nil, global.baseAddress,
                                               local.baseAddress, 0, nil, &event)
                    }
                }
                return clEnqueueNDRangeKernel(id, kernel.id, cl_uint(global.count), nil, global.baseAddress,
                                              nil, 0, nil, &event)
            }
        }
    }

    /// Starts copying `bytes` into `buffer` at `offset`, after every command queued before it,
    /// and returns its event without waiting: `bytes` must stay alive and unchanged until the
    /// event has completed.
    package func write(_ buffer: CLBuffer, offset: Int = 0, from bytes: UnsafeRawBufferPointer) throws(CLCallError) -> CLEvent {
        precondition(offset >= 0 && offset + bytes.count <= buffer.size)
        return try Self.enqueued("clEnqueueWriteBuffer") { event in
            clEnqueueWriteBuffer(id, buffer.id, cl_bool(CL_FALSE), offset, bytes.count, bytes.baseAddress, 0, nil, &event)
        }
    }

    /// Starts copying `buffer[offset...]` into `bytes`, after every command queued before it,
    /// and returns its event without waiting: `bytes` must stay alive, and hold the data only
    /// once the event has completed (`CLEvent.wait()`, which also sends the queue to the device).
    package func read(_ buffer: CLBuffer, offset: Int = 0, into bytes: UnsafeMutableRawBufferPointer) throws(CLCallError) -> CLEvent {
        precondition(offset >= 0 && offset + bytes.count <= buffer.size)
        return try Self.enqueued("clEnqueueReadBuffer") { event in
            clEnqueueReadBuffer(id, buffer.id, cl_bool(CL_FALSE), offset, bytes.count, bytes.baseAddress, 0, nil, &event)
        }
    }

    /// Maps all of `buffer` for host reads and writes once every command queued before it has
    /// finished, and returns its host address (`CLPinnedBuffer` keeps it mapped for life).
    func mapBlocking(_ buffer: CLBuffer) throws(CLCallError) -> UnsafeMutableRawPointer {
        var err: cl_int = 0
        let flags = cl_map_flags(CL_MAP_READ) | cl_map_flags(CL_MAP_WRITE)
        let address = clEnqueueMapBuffer(id, buffer.id, cl_bool(CL_TRUE), flags, 0, buffer.size, 0, nil, nil, &err)
        try check("clEnqueueMapBuffer", err)
        guard let address else { throw CLCallError(call: "clEnqueueMapBuffer", error: .outOfHostMemory) }
        return address
    }

    /// Enqueues the unmapping of `address`, mapped from `buffer` by `mapBlocking`, without waiting.
    func unmap(_ buffer: CLBuffer, _ address: UnsafeMutableRawPointer) throws(CLCallError) {
        try check("clEnqueueUnmapMemObject", clEnqueueUnmapMemObject(id, buffer.id, address, 0, nil, nil))
    }

    /// Calls `body` once every command queued before this call has finished (successfully or
    /// not), on a thread of the OpenCL runtime, without waiting here: a marker is enqueued
    /// and flushed, and `body` runs from its completion callback.
    package func whenQueuedCommandsFinish(_ body: @escaping @Sendable () -> Void) throws(CLCallError) {
        let driver = context.driver
        let event = try Self.enqueued("clEnqueueMarkerWithWaitList") { marker in
            driver.enqueueMarker(id, &marker)
        }
        let box = Unmanaged.passRetained(CallbackBox(body))
        let code = driver.setCompletionCallback(event.id, { _, _, context in
            guard let context else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(context).takeRetainedValue()
            box.body()
        }, box.toOpaque())
        if code != CL_SUCCESS { box.release() }
        try check("clSetEventCallback", code)
        try flush()
    }

    /// Sends queued commands to the device without waiting for them.
    package func flush() throws(CLCallError) { try check("clFlush", clFlush(id)) }

    /// Waits until every queued command has finished.
    package func finish() throws(CLCallError) { try check("clFinish", context.driver.finish(id)) }

    /// Runs the enqueue `call` (`body` passes the event pointer to it) and returns its event,
    /// throwing the call's error, or `outOfHostMemory` when it succeeded without an event.
    private static func enqueued(_ call: String, _ body: (inout cl_event?) -> cl_int) throws(CLCallError) -> CLEvent {
        var event: cl_event?
        try check(call, body(&event))
        guard let event else { throw CLCallError(call: call, error: .outOfHostMemory) }
        return CLEvent(id: event)
    }
}

/// A closure handed through OpenCL's C callback context pointer.
private final class CallbackBox {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
