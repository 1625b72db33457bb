import Foundation
import GPUOps
import Testing
import TestSupport

/// A user's own kernel operation, written and chained with the public API only (this target
/// imports `GPUOps`, nothing `package` or `@testable`).
@Suite struct UserKernelTests {
    static let sample = RepositoryPaths.samples.appendingPathComponent("astronaut.png").path
    static let glitch = GlitchParameters(seed: 7)

    /// Load → scale → the user's kernel → glitch → save, on `backend`.
    func chain(_ backend: any ComputeBackend, output: String) -> CompoundOperation<ImageSource, SavedImage> {
        CompoundOperation(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: backend, target: .cover(side: 96, gravity: .centre)),
            KernelImageOperation(backend: backend, kernel: Sharpen3x3Kernel()),
            GlitchImageOperation(backend: backend, parameters: Self.glitch),
            SaveImageOperation(path: output, format: .png),
        ], input: .file(Self.sample))
    }

    func run(_ operation: CompoundOperation<ImageSource, SavedImage>) throws -> SavedImage {
        let queue = OperationQueue()
        queue.addOperation(operation)
        queue.waitUntilAllOperationsAreFinished()
        return try #require(operation.result).get()
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func theUsersKernelRunsBetweenScaleAndGlitchWithOneUploadAndOneDownload() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("user-kernel-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (devices, _) = BackendParity.openCLBackends()
        let device = try #require(devices.first)
        let before = device.transfers.snapshot
        _ = try run(chain(device, output: folder + "/device.png"))
        let after = device.transfers.snapshot
        #expect(after.uploads - before.uploads == 1)
        #expect(after.downloads - before.downloads == 1)
        _ = try run(chain(CPUBackend(threads: 1), output: folder + "/cpu.png"))
        let onDevice = try ImageDecoder.decode(contentsOf: folder + "/device.png").image
        let onCPU = try ImageDecoder.decode(contentsOf: folder + "/cpu.png").image
        #expect(PixelDifference.first(onCPU, onDevice) == nil)
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func theParityHelperFindsTheCPUAndEveryOpenCLDeviceIdentical() throws {
        let report = try BackendParity.check(kernels: [Sharpen3x3Kernel()])
        #expect(!report.devices.isEmpty)
        #expect(report.isIdentical, "\(report)")
        // Each device against the CPU on each of the six generated images `check` uses by default.
        #expect(report.comparisons.count == 6 * report.devices.count)
        #expect(Set(report.comparisons.map(\.image)) == Set(0..<6))
        // The whole chain too, on generated images of the shapes that break kernels and a real photo.
        let photo = try ImageDecoder.decode(contentsOf: Self.sample).image
        let shapes = [TestImages.noise(width: 67, height: 45, seed: 1), TestImages.noise(width: 31, height: 97, seed: 2, alpha: true),
                      TestImages.gradient(width: 128, height: 96), TestImages.noise(width: 1, height: 1, seed: 3),
                      TestImages.noise(width: 1, height: 300, seed: 4), TestImages.noise(width: 300, height: 1, seed: 5, alpha: true)]
        let chained = try BackendParity.check(images: shapes + [photo]) { backend, image in
            var current = try ScaleImageOperation(backend: backend, target: .cover(side: 40, gravity: .centre))
                .execute(image)
            current = try KernelImageOperation(backend: backend, kernel: Sharpen3x3Kernel()).execute(current)
            return try GlitchImageOperation(backend: backend, parameters: Self.glitch).execute(current)
        }
        #expect(chained.isIdentical, "\(chained)")
    }

    @Test func aWrongHostImplementationIsReportedAtTheFirstDifferingPixel() throws {
        var wrong = Sharpen3x3Kernel()
        wrong.divisor = 2
        // The "device" runs the right kernel; the CPU reference a wrong one: the report names
        // the first pixel and both values.
        let image = TestImages.gradient(width: 8, height: 8)
        let right = try CPUBackend(threads: 1).run(Sharpen3x3Kernel(), on: .host(image)).hostImage()
        let halved = try CPUBackend(threads: 1).run(wrong, on: .host(image)).hostImage()
        let difference = try #require(PixelDifference.first(right, halved))
        guard case let .pixel(x, y, reference, other) = difference else {
            Issue.record("expected a pixel difference, got \(difference)")
            return
        }
        let firstDiffering = (0..<64).first { right.pixels[$0 * 4..<$0 * 4 + 3] != halved.pixels[$0 * 4..<$0 * 4 + 3] }!
        #expect(x == firstDiffering % 8 && y == firstDiffering / 8)
        #expect(reference == Array(right.pixels[firstDiffering * 4..<firstDiffering * 4 + 4]))
        #expect(other == Array(halved.pixels[firstDiffering * 4..<firstDiffering * 4 + 4]))
    }
}
