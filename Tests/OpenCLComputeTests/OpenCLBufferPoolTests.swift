@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The pool's size classes: photos of one batch almost all differ in size, and still reuse
/// each other's buffers.
@Suite("OpenCL buffer pool size classes")
struct OpenCLBufferPoolCapacityTests {
    @Test func capacitiesRoundUpToAnEighthOfTheirPowerOfTwo() {
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 0) == 1)
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 1) == 1)
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 7) == 7)
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 1024) == 1024)
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 1025) == 1152)
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 3000) == 3072)
        // A 2400x1350 photo: 12 960 000 bytes in a 13 MiB buffer.
        #expect(OpenCLBufferPool<CLBuffer>.capacity(for: 2400 * 1350 * 4) == 13 << 20)
        // Never more than an eighth above the request, never below it.
        for size in [9, 100, 4097, 65_537, 999_999, 12_345_678, 48_000_000] {
            let capacity = OpenCLBufferPool<CLBuffer>.capacity(for: size)
            #expect(capacity >= size && capacity - size <= size / 8, "\(size) → \(capacity)")
        }
    }
}

@Suite("OpenCL buffer pool reuse across sizes", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLBufferPoolReuseTests {
    @Test func imagesOfOneClassShareABuffer() throws {
        let backend = try OpenCLTestDevice.backend()
        // 40 000 and 40 400 bytes are both in the 40 960-byte class.
        let first = TestImages.noise(width: 100, height: 100, seed: 1)
        let second = TestImages.noise(width: 101, height: 100, seed: 2)
        #expect(try backend.makeResident(.host(first)).hostImage() == first)
        #expect(try backend.makeResident(.host(second)).hostImage() == second)
        #expect(backend.bufferPoolStatistics.allocations == 1)
        #expect(backend.bufferPoolStatistics.reuses == 1)
    }

    @Test func aSomewhatLargerIdleBufferServesASmallerImage() throws {
        let backend = try OpenCLTestDevice.backend()
        _ = try backend.makeResident(.host(TestImages.noise(width: 100, height: 100, seed: 1)))  // 40 960 bytes, then idle
        // 30 000 bytes (class 30 720): the idle 40 960-byte buffer is within half a class more.
        let smaller = TestImages.noise(width: 100, height: 75, seed: 3)
        let resident = try backend.makeResident(.host(smaller))
        #expect(backend.bufferPoolStatistics.allocations == 1)
        #expect(backend.bufferPoolStatistics.reuses == 1)
        // The image is the one uploaded, although its buffer is larger, and kernels see only it.
        #expect(try resident.hostImage() == smaller)
        let rect = PixelRect(x: 3, y: 70, width: 97, height: 5)
        #expect(try backend.crop(resident, to: rect).hostImage() == ReferenceImageOps.crop(smaller, to: rect))
    }

    @Test func aMuchLargerIdleBufferIsLeftForLargerImages() throws {
        let backend = try OpenCLTestDevice.backend()
        _ = try backend.makeResident(.host(TestImages.noise(width: 100, height: 100, seed: 1)))  // 40 960 bytes, then idle
        _ = try backend.makeResident(.host(TestImages.noise(width: 50, height: 50, seed: 1)))  // 10 000 bytes
        #expect(backend.bufferPoolStatistics.allocations == 2)
        #expect(backend.bufferPoolStatistics.reuses == 0)
    }
}
