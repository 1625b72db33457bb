@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The recovery paths of the OpenCL backend, each forced through `ForcingDriver` on the real
/// device. Each test fails when its recovery code is removed (the comment says what breaks).
@Suite("OpenCL recovery paths", .serialized,
       .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLRecoveryTests {
    static func runtime(_ forcing: ForcingDriver) throws -> OpenCLDeviceRuntime {
        try OpenCLDeviceRuntime(device: OpenCLTestDevice.first(), driver: forcing.driver)
    }

    @Test("out of device memory: the pool releases its idle buffers and allocates once more")
    func poolDrainsAndRetries() throws {
        let forcing = ForcingDriver()
        let runtime = try Self.runtime(forcing)
        let pool = OpenCLBufferPool(context: runtime.context, maxIdleBytes: 64 << 20)
        do { _ = try pool.buffer(size: 1 << 20) }  // made, then idle in the pool
        #expect(pool.statistics.idleBuffers == 1)
        forcing.outOfMemory.failNext(1)
        // Without the drain-and-retry the forced failure would be thrown here.
        let buffer = try pool.buffer(size: 4 << 20)
        #expect(buffer.buffer.size >= 4 << 20)
        #expect(forcing.outOfMemory.failures == 1)
        #expect(pool.statistics.idleBuffers == 0, "the idle buffer was released before the retry")
        // Still out of memory after the drain: the error reaches the caller, marked recoverable.
        forcing.outOfMemory.failNext(2)
        #expect(throws: CLCallError(call: "clCreateBuffer", error: .memObjectAllocationFailure)) {
            _ = try pool.buffer(size: 8 << 20)
        }
        #expect(CLCallError(call: "clCreateBuffer", error: .memObjectAllocationFailure).isOutOfDeviceResources)
    }

    @Test("no marker for a host-backed upload: its pixels are kept until the queue has finished")
    func markerFailureWaitsForTheQueue() throws {
        let forcing = ForcingDriver()
        let runtime = try Self.runtime(forcing)
        let pixels = TestImages.noise(width: 64, height: 64, seed: 3).pixels
        var upload: HostBackedBuffer? = try HostBackedBuffer(pixels: pixels, queue: runtime.queue)
        #expect(upload != nil)
        forcing.markerFails.failNext(1)
        upload = nil  // deinit: no marker, so it must wait for the queue (clFinish) instead
        #expect(forcing.markerFails.failures == 1)
        #expect(forcing.finishes.value == 1, "without the recovery nothing waits and the memory may go under a queued kernel")
    }

    @Test("no completion callback for a host-backed upload: the same wait, and nothing leaks")
    func callbackFailureWaitsForTheQueue() throws {
        let forcing = ForcingDriver()
        let runtime = try Self.runtime(forcing)
        var upload: HostBackedBuffer? = try HostBackedBuffer(pixels: [UInt8](repeating: 9, count: 4096), queue: runtime.queue)
        #expect(upload != nil)
        forcing.callbackFails.failNext(1)
        upload = nil
        #expect(forcing.callbackFails.failures == 1)
        #expect(forcing.finishes.value == 1)
    }

    @Test("the x86 kernels fail to build: recorded on the runtime, the portable kernels run with the same bytes",
          .enabled(if: (try? OpenCLTestDevice.first().type) == .cpu, "the x86 flavour is built for CPU devices only"))
    func x86BuildFailure() throws {
        let forcing = ForcingDriver()
        forcing.buildFailsWith.set(OpenCLDeviceRuntime.x86Option)
        let runtime = try Self.runtime(forcing)
        #expect(!runtime.hasX86Kernels)
        let error = try #require(runtime.x86BuildError as? CLBuildError)
        #expect(error.error == .buildProgramFailure)
        #expect(error.options.contains(OpenCLDeviceRuntime.x86Option))
        // What `gpuglitch devices` shows for it.
        let report = OpenCLBackend.report(of: runtime)
        #expect(report.resampling == "portable")
        #expect(report.x86BuildError?.hasPrefix("clBuildProgram failed: ") == true, "\(report)")
        #expect(report.x86BuildError?.contains(OpenCLDeviceRuntime.x86Option) == true)
        // The built-in program comes from the one program cache every kernel's program does,
        // and the failed build is remembered there: with the failure no longer forced, asking
        // again answers the same error without building (a rebuild would now succeed).
        #expect(try runtime.programs.program(OpenCLDeviceRuntime.builtInSource(x86: false)) === runtime.builtIns)
        forcing.buildFailsWith.set(nil)
        #expect(throws: error) { _ = try runtime.programs.program(OpenCLDeviceRuntime.builtInSource(x86: true)) }
        let backend = try OpenCLBackend(runtime: runtime, index: 0, maxIdleBytes: nil, allowsX86Kernels: true)
        #expect(!backend.usesX86Kernels)
        let image = PipelineImage.host(TestImages.noise(width: 97, height: 61, seed: 8))
        let plan = ResamplePlan(inputWidth: 97, inputHeight: 61, outputWidth: 40, outputHeight: 23, filter: .lanczos)
        #expect(try backend.resample(image, plan: plan).pixels == CPUBackend(threads: 1).resample(image, plan: plan).pixels)
        // And a runtime whose x86 build succeeds records nothing, and has the x86 kernels
        // where the device's compiler targets AVX2 (POCL here; not rusticl).
        let device = try OpenCLTestDevice.first()
        let normal = try OpenCLDeviceRuntime(device: device)
        #expect(normal.x86BuildError == nil)
        #expect(normal.hasX86Kernels == (try DeviceCompilerProbe.targetsX86AVX2(device)))
    }
}
