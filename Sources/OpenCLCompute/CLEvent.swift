import COpenCL

/// The completion of one enqueued command (`cl_event`), released in `deinit`.
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLEvent: @unchecked Sendable {
    let id: cl_event

    init(id: cl_event) { self.id = id }

    deinit { clReleaseEvent(id) }

    /// Blocks until the command has finished; throws if it ended in error.
    package func wait() throws(CLCallError) {
        var event: cl_event? = id
        try check("clWaitForEvents", clWaitForEvents(1, &event))
    }

    /// Whether the command has finished (successfully or not).
    package var isComplete: Bool {
        get throws(CLCallError) {
            let status = try CLInfoQuery.value("clGetEventInfo", as: cl_int.self) {
                clGetEventInfo(id, cl_event_info(CL_EVENT_COMMAND_EXECUTION_STATUS), $0, $1, $2)
            }
            return status == CL_COMPLETE || status < 0
        }
    }

    /// Device timestamps of a finished command, in nanoseconds (the queue must have profiling
    /// enabled, as `CLCommandQueue` always does).
    package struct ProfilingTimes: Sendable, Equatable {
        package let queued: UInt64
        package let submitted: UInt64
        package let started: UInt64
        package let ended: UInt64
        /// Seconds the command ran on the device.
        package var duration: Double { Double(ended &- started) / 1e9 }
    }

    /// The command's profiling timestamps; waits for it first.
    package func profilingTimes() throws(CLCallError) -> ProfilingTimes {
        try wait()
        return ProfilingTimes(queued: try time(CL_PROFILING_COMMAND_QUEUED),
                              submitted: try time(CL_PROFILING_COMMAND_SUBMIT),
                              started: try time(CL_PROFILING_COMMAND_START),
                              ended: try time(CL_PROFILING_COMMAND_END))
    }

    private func time(_ param: Int32) throws(CLCallError) -> UInt64 {
        try CLInfoQuery.value("clGetEventProfilingInfo", as: cl_ulong.self) {
            clGetEventProfilingInfo(id, cl_profiling_info(param), $0, $1, $2)
        }
    }
}
