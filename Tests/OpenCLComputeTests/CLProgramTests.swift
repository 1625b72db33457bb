@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

@Suite("OpenCL programs, kernels, events", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct CLProgramTests {
    static let addOne = """
        __kernel void add_one(__global const int *src, __global int *dst, int amount) {
            size_t i = get_global_id(0);
            dst[i] = src[i] + amount;
        }
        """

    @Test func brokenSourceCarriesTheBuildLogAndOptions() throws {
        let context = try CLContext(device: OpenCLTestDevice.first())
        let program = try CLProgram(context: context, source: """
            __kernel void broken(__global int *p) { p[0] = gpuglitch_undeclared_name; }
            """)
        let options = "-DGPUGLITCH_TEST=1"
        let error = try #require(throws: CLBuildError.self) { try program.build(options: options) }
        #expect(error.error == .buildProgramFailure)
        #expect(error.options == options)
        #expect(error.logs.count == 1)
        #expect(error.logs[0].device == (try context.device.name))
        // The compiler's own words name the offending identifier.
        #expect(error.logs[0].log.contains("gpuglitch_undeclared_name"))
        #expect(error.description.contains("gpuglitch_undeclared_name"))
        #expect(error.description.contains("options: \"\(options)\""))
        #expect(error.description.contains("CL_BUILD_PROGRAM_FAILURE"))
    }

    @Test func kernelRunsAndEventReportsProfilingTimes() throws {
        let context = try CLContext(device: OpenCLTestDevice.first())
        let queue = try CLCommandQueue(context: context)
        let program = try CLProgram(context: context, source: Self.addOne)
        try program.build(options: "-cl-std=CL1.2")
        #expect(program.options == "-cl-std=CL1.2")
        let kernel = try CLKernel(program: program, name: "add_one")
        let input: [Int32] = (0..<1000).map { Int32($0 * 3 - 500) }
        let src = try CLBuffer(context: context, copying: input)
        let dst = try CLBuffer(context: context, size: input.count * 4)
        try kernel.setArgument(0, src)
        try kernel.setArgument(1, dst)
        try kernel.setArgument(2, Int32(7))
        let event = try queue.enqueue(kernel, globalSize: [input.count])
        var output = [Int32](repeating: 0, count: input.count)
        try output.withUnsafeMutableBytes { try queue.read(dst, into: $0).wait() }
        #expect(output == input.map { $0 + 7 })
        // Waited for, not assumed: an implementation may update the status of a finished
        // command after a later blocking read returns (rusticl does).
        try event.wait()
        #expect(try event.isComplete)
        let times = try event.profilingTimes()
        #expect(times.queued <= times.submitted && times.submitted <= times.started && times.started <= times.ended)
        #expect(times.duration >= 0)
    }

    @Test func writeThenReadRoundTrips() throws {
        let context = try CLContext(device: OpenCLTestDevice.first())
        let queue = try CLCommandQueue(context: context)
        let bytes: [UInt8] = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let buffer = try CLBuffer(context: context, size: bytes.count + 16)
        try bytes.withUnsafeBytes { try queue.write(buffer, offset: 16, from: $0).wait() }
        var back = [UInt8](repeating: 0, count: bytes.count)
        try back.withUnsafeMutableBytes { try queue.read(buffer, offset: 16, into: $0).wait() }
        #expect(back == bytes)
    }

    @Test func errorsNameTheFailingCall() throws {
        let context = try CLContext(device: OpenCLTestDevice.first())
        let queue = try CLCommandQueue(context: context)
        let program = try CLProgram(context: context, source: Self.addOne)
        try program.build()
        #expect(throws: CLCallError(call: "clCreateKernel", error: .invalidKernelName)) {
            try CLKernel(program: program, name: "no_such_kernel")
        }
        let kernel = try CLKernel(program: program, name: "add_one")
        // A Swift Int is 8 bytes; the kernel's `int` is 4.
        #expect(throws: CLCallError(call: "clSetKernelArg", error: .invalidArgSize)) {
            try kernel.setArgument(2, 7 as Int)
        }
        #expect(throws: CLCallError(call: "clSetKernelArg", error: .invalidArgIndex)) {
            try kernel.setArgument(3, 7 as Int32)
        }
        #expect(throws: CLCallError(call: "clEnqueueNDRangeKernel", error: .invalidKernelArgs)) {
            try queue.enqueue(kernel, globalSize: [16])
        }
    }

    @Test func programIsBuiltOncePerDevice() throws {
        let device = try OpenCLTestDevice.first()
        let a = try OpenCLDeviceRuntime.shared(for: device)
        let b = try OpenCLDeviceRuntime.shared(for: CLDevice.all()[0])
        #expect(a === b)
        let one = try OpenCLBackend(device: device, index: 0)
        let two = try OpenCLBackend(device: device, index: 0)
        #expect(one.runtime === two.runtime)
        #expect(one.pool !== two.pool)
        #expect(one.name == "opencl:0 (\(try device.name))")
        #expect(one.kind == .opencl)
    }
}
