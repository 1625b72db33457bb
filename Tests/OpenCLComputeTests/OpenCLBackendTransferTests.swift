@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

@Suite("OpenCL backend transfers and buffer pool", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLBackendTransferTests {
    @Test func uploadAndDownloadAreCounted() throws {
        let backend = try OpenCLTestDevice.backend()
        let image = TestImages.gradient(width: 10, height: 7)
        let resident = try backend.makeResident(.host(image))
        #expect(backend.transfers.uploads == 1)
        #expect(backend.transfers.uploadedBytes == 280)
        guard case .device(let device) = resident else { Issue.record("not on the device"); return }
        #expect(device.width == 10 && device.height == 7 && device.isOpaque)
        #expect(device.backend === backend)
        // Already resident: no second upload.
        _ = try backend.makeResident(resident)
        #expect(backend.transfers.uploads == 1)
        #expect(try resident.hostImage() == image)
        #expect(backend.transfers.downloads == 1)
        #expect(backend.transfers.downloadedBytes == 280)
    }

    @Test func transparencyIsKnownFromTheUpload() throws {
        let backend = try OpenCLTestDevice.backend()
        #expect(try !backend.makeResident(.host(TestImages.noise(width: 9, height: 9, seed: 1, alpha: true))).isOpaque)
        #expect(try backend.makeResident(.host(TestImages.noise(width: 9, height: 9, seed: 1))).isOpaque)
    }

    /// Scale, crop, glitch: one upload, one download, whatever the number of kernels.
    @Test func aChainCostsOneUploadAndOneDownload() throws {
        let backend = try OpenCLTestDevice.backend()
        let image = TestImages.noise(width: 120, height: 80, seed: 4, alpha: true)
        let geometry = ThumbnailGeometry(width: 120, height: 80, size: 32, fit: .cover)
        let plan = geometry.resamplePlan(inputWidth: 120, inputHeight: 80, filter: .lanczos)
        var current = try backend.resample(.host(image), plan: plan)
        current = try backend.crop(current, to: PixelRect(x: 2, y: 2, width: 28, height: 28))
        current = try backend.run(GlitchKernel(parameters: GlitchParameters(seed: 1)), on: current)
        let result = try current.hostImage()
        #expect(backend.transfers.snapshot == (uploads: 1, downloads: 1))
        var expected = ReferenceImageOps.resample(image, plan: plan)
        expected = ReferenceImageOps.crop(expected, to: PixelRect(x: 2, y: 2, width: 28, height: 28))
        expected = ReferenceImageOps.glitch(expected, plan: try GlitchPlan(parameters: GlitchParameters(seed: 1), width: 28, height: 28))
        #expect(result == expected)
    }

    @Test func buffersOfTheSameSizeAreReused() throws {
        let backend = try OpenCLTestDevice.backend()
        let a = TestImages.noise(width: 16, height: 16, seed: 1)
        for _ in 0..<5 {
            _ = try backend.makeResident(.host(a))  // dropped at once: back to the pool
        }
        #expect(backend.bufferPoolStatistics.allocations == 1)
        #expect(backend.bufferPoolStatistics.reuses == 4)
        #expect(backend.bufferPoolStatistics.idleBuffers == 1)
        // Two alive at once need two buffers; another size needs its own.
        let one = try backend.makeResident(.host(a))
        let two = try backend.makeResident(.host(a))
        _ = try backend.makeResident(.host(TestImages.noise(width: 8, height: 16, seed: 1)))
        #expect(backend.bufferPoolStatistics.allocations == 3)
        #expect(backend.bufferPoolStatistics.reuses == 5)
        #expect(try one.hostImage() == a && two.hostImage() == a)
    }

    /// A buffer is reused while the kernel reading it may still be queued; the in-order queue
    /// keeps the results right.
    @Test func reuseRightAfterAnEnqueueKeepsResultsRight() throws {
        let backend = try OpenCLTestDevice.backend()
        let images = (0..<6).map { TestImages.noise(width: 64, height: 48, seed: UInt64($0)) }
        let plan = try GlitchPlan(parameters: GlitchParameters(seed: 5), width: 64, height: 48)
        var results: [PipelineImage] = []
        for image in images {
            // The uploaded input is dropped right after the enqueue, so the next upload reuses it.
            results.append(try backend.run(GlitchKernel(parameters: GlitchParameters(seed: 5)), on: .host(image)))
        }
        #expect(backend.bufferPoolStatistics.reuses >= 4)
        for (image, result) in zip(images, results) {
            #expect(try result.hostImage() == ReferenceImageOps.glitch(image, plan: plan))
        }
    }

    @Test func idleBuffersAreBounded() throws {
        let backend = try OpenCLTestDevice.backend(maxIdleBytes: 3000)
        let images = (1...4).map { TestImages.noise(width: 64, height: $0 * 4, seed: 1) }  // 1024, 2048, 3072, 4096 bytes
        var resident = try images.map { try backend.makeResident(.host($0)) }
        #expect(backend.bufferPoolStatistics.allocations == 4)
        // Given back smallest first: 1024 fits; 2048 evicts it (3072 > 3000); 3072 and 4096
        // are each larger than the bound and not kept.
        while !resident.isEmpty { resident.removeFirst() }
        let stats = backend.bufferPoolStatistics
        #expect(stats.idleBytes <= 3000)
        #expect(stats.idleBuffers == 1)
        #expect(stats.idleBytes == 2048)
    }

    @Test func imagesOfAnotherBackendOnTheSameDeviceAreNotCopied() throws {
        let first = try OpenCLTestDevice.backend()
        let second = try OpenCLTestDevice.backend()
        let image = TestImages.noise(width: 20, height: 20, seed: 3)
        let resident = try first.makeResident(.host(image))
        let cropped = try second.crop(resident, to: PixelRect(x: 1, y: 1, width: 5, height: 5))
        #expect(second.transfers.snapshot == (uploads: 0, downloads: 0))
        #expect(try cropped.hostImage() == ReferenceImageOps.crop(image, to: PixelRect(x: 1, y: 1, width: 5, height: 5)))
    }

    @Test func emptyImagesRoundTrip() throws {
        let backend = try OpenCLTestDevice.backend()
        let empty = try HostImage(width: 0, height: 5)
        #expect(try backend.makeResident(.host(empty)).hostImage() == empty)
    }

    /// Several threads at once, as the batch engine runs them, each with its own chain.
    @Test func concurrentChainsGiveTheSameBytes() async throws {
        let backend = try OpenCLTestDevice.backend()
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<12 {
                group.addTask {
                    let image = TestImages.noise(width: 40 + n * 7, height: 30 + n * 3, seed: UInt64(n), alpha: n % 2 == 0)
                    let plan = ResamplePlan(inputWidth: image.width, inputHeight: image.height,
                                            outputWidth: 24 + n, outputHeight: 16 + n, filter: .lanczos)
                    let glitch = try GlitchPlan(parameters: GlitchParameters(seed: UInt32(n)), width: 24 + n, height: 16 + n)
                    let out = try backend.run(GlitchKernel(parameters: GlitchParameters(seed: UInt32(n))),
                                              on: backend.resample(.host(image), plan: plan)).hostImage()
                    return out == ReferenceImageOps.glitch(ReferenceImageOps.resample(image, plan: plan), plan: glitch)
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 12))
        #expect(backend.transfers.snapshot == (uploads: 12, downloads: 12))
    }
}
