@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageEffects
import ImageMaths
import Synchronization
import Testing
import TestSupport

/// The transfers of a device with memory of its own (a GPU): uploads and downloads through
/// pooled pinned staging, non-blocking, run here on the test device (POCL in CI) by asking the
/// backend to stage its transfers.
@Suite("OpenCL pinned staging", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device"))
struct OpenCLPinnedStagingTests {
    static func stagingBackend() throws -> OpenCLBackend {
        let device = try OpenCLTestDevice.first()
        return try OpenCLBackend(runtime: OpenCLDeviceRuntime.shared(for: device), index: 0, maxIdleBytes: nil,
                                 allowsX86Kernels: true, stagesTransfers: true)
    }

    @Test func largeUploadsAreCopiedThroughStaging() throws {
        let backend = try Self.stagingBackend()
        #expect(!backend.readsLargeUploadsInPlace)
        let large = TestImages.noise(width: 640, height: 480, seed: 1, alpha: true)
        let resident = try backend.makeResident(.host(large))
        guard case .device(let image) = resident else { Issue.record("not on the device"); return }
        #expect(image.storage is PooledBuffer<CLBuffer>)
        #expect(try resident.hostImage() == large)
        // The upload's staging and the download's: the second reuses the first.
        #expect(backend.staging?.statistics.allocations == 1)
        #expect(backend.staging?.statistics.reuses == 1)
    }

    /// Every upload returns before its write has run, and its staging goes straight back to
    /// the pool: the next upload of the same size takes the same staging, and must wait for
    /// that write before filling it, or the first image would arrive with the second's pixels.
    @Test func stagingIsReusedOnlyAfterItsWriteHasRun() throws {
        let backend = try Self.stagingBackend()
        let images = (0..<12).map { TestImages.noise(width: 300, height: 200, seed: UInt64($0)) }
        let resident = try images.map { try backend.makeResident(.host($0)) }
        #expect(backend.staging?.statistics.allocations == 1)
        for (image, onDevice) in zip(images, resident) {
            #expect(try onDevice.hostImage() == image)
        }
    }

    /// Chains on several threads at once, through one backend's staging: each result equals
    /// the CPU backend's.
    @Test func concurrentChainsEqualTheCPU() throws {
        let backend = try Self.stagingBackend()
        let cpu = CPUBackend(threads: 1)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            do {
                let image = TestImages.noise(width: 90 + 13 * i, height: 70 + 7 * i, seed: UInt64(i), alpha: i % 2 == 0)
                let glitch = GlitchKernel(parameters: GlitchParameters(seed: UInt32(i)))
                let onDevice = try backend.run(glitch, on: backend.premultiply(.host(image))).hostImage()
                let onHost = try cpu.run(glitch, on: cpu.premultiply(.host(image))).hostImage()
                if onDevice != onHost { failures.withLock { $0.append("image \(i) differs") } }
            } catch {
                failures.withLock { $0.append("image \(i): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
