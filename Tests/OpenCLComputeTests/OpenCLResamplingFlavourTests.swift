@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Foundation
import Testing
import TestSupport

extension OpenCLTestDevice {
    /// A backend on the first device whose resampling passes run the portable kernels (what
    /// GPUs run), or the x86 ones where the device has them.
    static func backend(allowsX86Kernels: Bool) throws -> OpenCLBackend {
        try OpenCLBackend(device: first(), index: 0, maxIdleBytes: nil, allowsX86Kernels: allowsX86Kernels)
    }

    /// Whether the first device runs the x86 resampling kernels (a CPU device whose compiler
    /// targets AVX2, as POCL on this project's machines).
    static var hasX86Kernels: Bool {
        (try? OpenCLDeviceRuntime.shared(for: first()).hasX86Kernels) ?? false
    }
}

/// The resampling passes exist twice (resample.cl): portable kernels for GPUs and every
/// other device, and x86 kernels for CPU devices. CI has only a CPU device, so the portable
/// kernels are checked here on purpose, and the x86 ones wherever they were built. Random
/// cases are compared with the CPU fallback (itself checked against the plain-loop
/// reference and Pillow, and much faster than the reference in a debug build); the edge
/// cases with the reference.
@Suite("OpenCL resampling kernels, each flavour", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLResamplingFlavourTests {
    let cpu = CPUBackend()

    @Test func portableKernelsEqualTheCPUBackendOnRandomCases() throws {
        let backend = try OpenCLTestDevice.backend(allowsX86Kernels: false)
        #expect(!backend.usesX86Kernels)
        for c in RandomCases.resample(count: 80, seed: 0x5EED_0003) {
            let image = c.image()
            let out = try backend.resample(.host(image), plan: c.plan).hostImage()
            #expect(out == (try cpu.resample(.host(image), plan: c.plan).hostImage()), "case: \(c)")
        }
    }

    /// A CPU device whose compiler targets AVX2 must build the x86 flavour: a build that
    /// starts failing (a compiler update, a kernel change) would otherwise only make the batch
    /// slower. The compiler is asked what it targets (`DeviceCompilerProbe`), not the host
    /// CPU: rusticl runs on an AVX2 host and rightly builds no x86 kernels.
    @Test func cpuDevicesWhoseCompilerTargetsAVX2BuildTheX86Kernels() throws {
        let device = try OpenCLTestDevice.first()
        let runtime = try OpenCLDeviceRuntime.shared(for: device)
        let backend = try OpenCLTestDevice.backend(allowsX86Kernels: true)
        if try device.type == .cpu, try DeviceCompilerProbe.targetsX86AVX2(device) {
            #expect(runtime.x86BuildError == nil, "\(String(describing: runtime.x86BuildError))")
            #expect(runtime.hasX86Kernels && backend.usesX86Kernels)
        } else {
            #expect(!runtime.hasX86Kernels && !backend.usesX86Kernels)
        }
        #expect(!(try OpenCLTestDevice.backend(allowsX86Kernels: false)).usesX86Kernels)
    }

    @Test(.enabled(if: OpenCLTestDevice.hasX86Kernels, "needs a CPU device whose compiler builds the x86 kernels"))
    func x86KernelsEqualTheCPUBackendOnRandomCases() throws {
        let backend = try OpenCLTestDevice.backend(allowsX86Kernels: true)
        #expect(backend.usesX86Kernels)
        for c in RandomCases.resample(count: 80, seed: 0x5EED_0004) {
            let image = c.image()
            let out = try backend.resample(.host(image), plan: c.plan).hostImage()
            #expect(out == (try cpu.resample(.host(image), plan: c.plan).hostImage()), "case: \(c)")
        }
    }

    /// Every row count 1...9 (four rows per work-item and the rest), output columns whose
    /// padded window is moved back from the row's end, and vertical outputs of every width
    /// 1...19 (eight columns per work-item, the rest one at a time).
    @Test(.enabled(if: OpenCLTestDevice.hasX86Kernels, "needs a CPU device whose compiler builds the x86 kernels"),
          arguments: [ResampleFilter.lanczos, .bilinear, .box])
    func x86KernelsAtEveryEdge(filter: ResampleFilter) throws {
        let backend = try OpenCLTestDevice.backend(allowsX86Kernels: true)
        for width in [4, 5, 7, 8, 9, 16, 19] {
            for rows in 1...9 {
                let image = TestImages.noise(width: width, height: rows, seed: UInt64(width * 16 + rows))
                for outWidth in [1, 2, 3, width, 2 * width + 1] {
                    let weights = ResampleWeights.compute(inSize: width, outSize: outWidth, filter: filter)
                    let out = try backend.resampleHorizontal(.host(image), weights: weights, rows: 0..<rows).hostImage()
                    #expect(out == ReferenceImageOps.resampleHorizontal(image, weights: weights, rows: 0..<rows),
                            "\(width)x\(rows) → \(outWidth)")
                }
            }
        }
        for width in 1...19 {
            let image = TestImages.noise(width: width, height: 23, seed: UInt64(width))
            for outHeight in [1, 2, 5, 23, 50] {
                let weights = ResampleWeights.compute(inSize: 23, outSize: outHeight, filter: filter)
                let out = try backend.resampleVertical(.host(image), weights: weights).hostImage()
                #expect(out == ReferenceImageOps.resampleVertical(image, weights: weights), "\(width) wide → \(outHeight)")
            }
        }
    }

    /// Step edges enlarged with lanczos ring below 0 and above 255: the saturating packs of the
    /// x86 kernels clip exactly like clamp.
    @Test(.enabled(if: OpenCLTestDevice.hasX86Kernels, "needs a CPU device whose compiler builds the x86 kernels"))
    func x86KernelsClipLikeTheReference() throws {
        let backend = try OpenCLTestDevice.backend(allowsX86Kernels: true)
        let image = TestImages.quadrantSteps(side: 12)
        let weights = ResampleWeights.compute(inSize: 12, outSize: 29, filter: .lanczos)
        let across = try backend.resampleHorizontal(.host(image), weights: weights, rows: 0..<12).hostImage()
        #expect(across == ReferenceImageOps.resampleHorizontal(image, weights: weights, rows: 0..<12))
        let down = try backend.resampleVertical(.host(across), weights: weights).hostImage()
        #expect(down == ReferenceImageOps.resampleVertical(across, weights: weights))
    }
}
