import COpenCL
import Synchronization

/// An OpenCL program built from source for a context's device, released in `deinit`.
// @unchecked Sendable: a thread-safe OpenCL handle (1.2 §A.2); the build options are in a Mutex.
package final class CLProgram: @unchecked Sendable {
    let id: cl_program
    package let context: CLContext
    private let builtOptions = Mutex("")

    /// The options of the last successful build.
    package var options: String { builtOptions.withLock { $0 } }

    /// Creates the program from OpenCL C source; `build(options:)` compiles it.
    package init(context: CLContext, source: String) throws(CLCallError) {
        var err: cl_int = 0
        let made: cl_program? = source.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            return clCreateProgramWithSource(context.id, 1, &pointer, nil, &err)
        }
        try check("clCreateProgramWithSource", err)
        guard let made else { throw CLCallError(call: "clCreateProgramWithSource", error: .outOfHostMemory) }
        id = made
        self.context = context
    }

    deinit { clReleaseProgram(id) }

    /// Compiles the program for the context's device. On failure throws `CLBuildError` with
    /// the compiler's log and `options`; the log is also available after success (warnings).
    /// Not to be called concurrently on one program.
    package func build(options: String = "") throws {
        let code = context.driver.buildProgram(id, context.device.id, options)
        if code != CL_SUCCESS {
            let name = (try? context.device.name) ?? "device"
            let log = (try? buildLog()) ?? "(the build log could not be read)"
            throw CLBuildError(error: CLError(rawValue: code), options: options,
                               logs: [CLBuildError.DeviceLog(device: name, log: log)])
        }
        builtOptions.withLock { $0 = options }
    }

    /// The compiler's output for the context's device.
    package func buildLog() throws(CLCallError) -> String {
        try CLInfoQuery.string("clGetProgramBuildInfo") {
            clGetProgramBuildInfo(id, context.device.id, cl_program_build_info(CL_PROGRAM_BUILD_LOG), $0, $1, $2)
        }
    }
}
