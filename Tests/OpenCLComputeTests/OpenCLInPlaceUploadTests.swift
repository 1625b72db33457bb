@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

extension OpenCLTestDevice {
    static var isCPU: Bool { (try? first().type) == .cpu }
}

/// On a CPU device a large upload is read where it lies (`HostBackedBuffer`) instead of being
/// copied into a pooled buffer; the host pixels stay alive until the kernels that read them
/// have run.
@Suite("OpenCL in-place uploads", .enabled(if: OpenCLTestEnvironment.isAvailable && OpenCLTestDevice.isCPU,
                                           "needs a CPU OpenCL device (POCL)"))
struct OpenCLInPlaceUploadTests {
    /// 640 × 480 × 4 bytes: above `inPlaceUploadBytes`.
    static func largeImage(seed: UInt64) -> HostImage { TestImages.noise(width: 640, height: 480, seed: seed) }

    @Test func largeUploadsAreReadInPlaceAndSmallOnesCopied() throws {
        let backend = try OpenCLTestDevice.backend()
        #expect(backend.readsLargeUploadsInPlace)
        let large = Self.largeImage(seed: 1)
        #expect(large.pixels.count >= OpenCLBackend.inPlaceUploadBytes)
        let resident = try backend.makeResident(.host(large))
        guard case .device(let image) = resident else { Issue.record("not on the device"); return }
        #expect(image.storage is HostBackedBuffer)
        #expect(backend.bufferPoolStatistics.allocations == 0)
        #expect(backend.transfers.snapshot == (uploads: 1, downloads: 0))
        #expect(try resident.hostImage() == large)
        let small = TestImages.noise(width: 100, height: 100, seed: 2)
        guard case .device(let pooled) = try backend.makeResident(.host(small)) else { Issue.record("not on the device"); return }
        #expect(pooled.storage is PooledBuffer<CLBuffer>)
    }

    /// Each input is dropped right after the kernels reading it are enqueued, and its host
    /// array is the only other owner of the pixels: the results stay right.
    @Test func inputsDroppedWhileTheirKernelsAreQueuedGiveTheRightBytes() throws {
        let backend = try OpenCLTestDevice.backend()
        let plan = ResamplePlan(inputWidth: 640, inputHeight: 480, outputWidth: 97, outputHeight: 61, filter: .lanczos)
        var results: [(seed: UInt64, image: PipelineImage)] = []
        for seed in UInt64(10)..<16 {
            // The host image exists only inside this call; its pixels live on in the storage.
            results.append((seed, try backend.resample(.host(Self.largeImage(seed: seed)), plan: plan)))
        }
        let cpu = CPUBackend()
        for (seed, image) in results {
            let expected = try cpu.resample(.host(Self.largeImage(seed: seed)), plan: plan).hostImage()
            #expect(try image.hostImage() == expected, "seed \(seed)")
        }
    }

    @Test func theQueueCallsBackOnceEarlierCommandsHaveFinished() throws {
        let backend = try OpenCLTestDevice.backend()
        let input = try backend.makeResident(.host(Self.largeImage(seed: 3)))
        let cropped = try backend.crop(input, to: PixelRect(x: 1, y: 2, width: 600, height: 400))
        let called = DispatchSemaphore(value: 0)
        try backend.runtime.queue.whenQueuedCommandsFinish { called.signal() }
        #expect(called.wait(timeout: .now() + 30) == .success)
        let expected = try CPUBackend().crop(.host(Self.largeImage(seed: 3)), to: PixelRect(x: 1, y: 2, width: 600, height: 400))
        #expect(try cropped.hostImage() == expected.hostImage())
    }
}
