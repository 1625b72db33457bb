import GPUOps
import Testing
import TestSupport

/// A user's kernel may take the CPU backend's cores (`runOnHost(_:parallelism:)`), as the
/// built-in glitch does; one that implements only `runOnHost(_:)` runs as before.
@Suite struct HostParallelismTests {
    /// Writes, into every red byte, how many threads it was lent; its bands must cover every row.
    struct ThreadsIntoRed: ImageKernel {
        var name: String { "threads-into-red" }
        var program: KernelProgramSource { KernelProgramSource("__kernel void unused(void) {}") }
        func encode(_ launches: inout KernelLaunches) throws {}
        func runOnHost(_ input: HostImage) throws -> HostImage { try runOnHost(input, parallelism: .serial) }
        func runOnHost(_ input: HostImage, parallelism: RowParallelism) throws -> HostImage {
            var pixels = input.pixels
            let rowBytes = input.width * 4
            pixels.withUnsafeMutableBufferPointer { out in
                let base = out.baseAddress!
                parallelism.forEachBand(rows: input.height, bytes: out.count) { band in
                    for i in stride(from: band.lowerBound * rowBytes, to: band.upperBound * rowBytes, by: 4) {
                        base[i] = UInt8(parallelism.threads)
                    }
                }
            }
            return try HostImage(width: input.width, height: input.height, pixels: pixels)
        }
    }

    @Test(arguments: [1, 3])
    func theCPUBackendLendsItsThreads(threads: Int) throws {
        let image = TestImages.noise(width: 256, height: 80, seed: 2)
        let out = try CPUBackend(threads: threads).run(ThreadsIntoRed(), on: .host(image)).hostImage()
        #expect(stride(from: 0, to: out.pixels.count, by: 4).allSatisfy { out.pixels[$0] == UInt8(threads) })
        #expect(stride(from: 1, to: out.pixels.count, by: 4).allSatisfy { out.pixels[$0] == image.pixels[$0] })
    }

    @Test func rowParallelismTakesAtLeastOneThread() {
        #expect(RowParallelism(threads: 0).threads == 1)
        #expect(RowParallelism(threads: -5) == .serial)
        var rows: [Range<Int>] = []
        RowParallelism(threads: 0).forEachBand(rows: 7, bytes: 1 << 20) { rows.append($0) }
        #expect(rows == [0..<7])
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func theGlitchKernelIsExactOnEveryDevice() throws {
        let report = try BackendParity.check(kernels: [
            GlitchKernel(),
            GlitchKernel(parameters: GlitchParameters(seed: 7, shift: 3, edge: .wrap, scanlinePeriod: 2, tears: 12)),
        ])
        #expect(!report.devices.isEmpty)
        #expect(report.isIdentical, "\(report)")
    }
}
