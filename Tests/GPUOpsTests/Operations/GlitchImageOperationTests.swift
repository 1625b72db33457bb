import CPUCompute
import GPUOps
import Testing
import TestSupport

/// `GlitchImageOperation` is a `KernelImageOperation` over `GlitchKernel`: the glitch reaches a
/// backend through `ComputeBackend.run(_:on:)`, the one way every kernel, built-in or a user's,
/// runs, and keeps the result on the device there.
@Suite struct GlitchImageOperationTests {
    static let parameters = GlitchParameters(seed: 7, shift: 4, edge: .wrap, tears: 8)

    @Test func theOperationRunsTheGlitchKernelThroughRun() throws {
        let operation = GlitchImageOperation(backend: CPUBackend(threads: 1), parameters: Self.parameters)
        #expect(operation.parameters == Self.parameters)
        #expect(operation.kernel as? GlitchKernel == GlitchKernel(parameters: Self.parameters))
    }

    @Test func onADeviceTheGlitchIsOneKernelRunAndStaysThere() throws {
        let device = EmbeddedBackend()
        let image = TestImages.noise(width: 33, height: 21, seed: 4)
        let result = try GlitchImageOperation(backend: device, parameters: Self.parameters).execute(.host(image))
        guard case .device = result.pixels else {
            Issue.record("the glitch's result left the device")
            return
        }
        #expect(device.callLog == [.upload, .kernel])
        let expected = try CPUBackend(threads: 1).run(GlitchKernel(parameters: Self.parameters), on: .host(image))
        #expect(try result.hostImage() == expected.hostImage())
        #expect(device.transfers.snapshot == (uploads: 1, downloads: 1))
    }

    @Test func aDeviceFailureOfTheKernelIsTheOperationsError() throws {
        let device = EmbeddedBackend()
        device.fail(.kernel, with: EmbeddedBackend.OutOfDeviceMemory())
        #expect(throws: EmbeddedBackend.OutOfDeviceMemory()) {
            try GlitchImageOperation(backend: device).execute(.host(TestImages.noise(width: 8, height: 8, seed: 1)))
        }
    }
}
