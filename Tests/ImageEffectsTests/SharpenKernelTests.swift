@testable import ImageEffects
import ComputeCore
import CPUCompute
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// The sharpen's parameters and its shapes beyond the Pillow fixtures (PillowEffectTests):
/// each refused value is its exact error, the settings that leave an image unchanged give its
/// bytes back, and the OpenCL kernels in both shapes (CPU device, GPU) give the CPU backend's
/// bytes on tall, wide, tiny and transparent images with windows wider than the image.
@Suite struct SharpenKernelTests {
    @Test(arguments: [
        (-1.0, 150, 3, "radius", "must be a number from 0 to 1000, got -1"),
        (-0.25, 150, 3, "radius", "must be a number from 0 to 1000, got -0.25"),
        (1000.5, 150, 3, "radius", "must be a number from 0 to 1000, got 1000.5"),
        (.nan, 150, 3, "radius", "must be a number from 0 to 1000, got nan"),
        (.infinity, 150, 3, "radius", "must be a number from 0 to 1000, got inf"),
        (2.0, -1, 3, "percent", "must be a whole number from 0 to 10000, got -1"),
        (2.0, 10001, 3, "percent", "must be a whole number from 0 to 10000, got 10001"),
        (2.0, 150, -1, "threshold", "must be a whole number from 0 to 255, got -1"),
        (2.0, 150, 256, "threshold", "must be a whole number from 0 to 255, got 256"),
    ])
    func aValueOutOfRangeIsItsExactError(radius: Double, percent: Int, threshold: Int, key: String, reason: String) {
        #expect(throws: EffectParameterError(effect: "sharpen", key: key, reason: reason)) {
            try SharpenKernel(radius: radius, percent: percent, threshold: threshold)
        }
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let widest = try SharpenKernel(radius: SharpenKernel.maximumRadius, percent: SharpenKernel.maximumPercent,
                                       threshold: 0)
        #expect(widest.radius == 1000 && widest.percent == 10000 && widest.threshold == 0)
        let none = try SharpenKernel(radius: 0, percent: 0, threshold: SharpenKernel.maximumThreshold)
        #expect(none.radius == 0 && none.percent == 0 && none.threshold == 255)
    }

    /// Radius 0 (the blur a copy), percent 0 and threshold 255 each leave every byte as it was,
    /// on the host and on the device; other settings change the image.
    @Test(arguments: [(0.0, 500, 0), (3.0, 0, 0), (3.0, 10000, 255)])
    func settingsThatChangeNothingGiveTheInputBack(radius: Double, percent: Int, threshold: Int) throws {
        let input = TestImages.noise(width: 23, height: 17, seed: 5, alpha: true)
        let kernel = try SharpenKernel(radius: radius, percent: percent, threshold: threshold)
        #expect(kernel.leavesImageUnchanged)
        #expect(try CPUBackend(threads: 1).run(kernel, on: .host(input)).hostImage().pixels == input.pixels)
        if OpenCLTestEnvironment.isAvailable {
            #expect(try OpenCLTestDevice.backend().run(kernel, on: .host(input)).hostImage().pixels == input.pixels)
        }
        let sharpened = try CPUBackend(threads: 1).run(try SharpenKernel(radius: 3, percent: 1, threshold: 0),
                                                        on: .host(input)).hostImage()
        let changed = zip(sharpened.pixels, input.pixels).filter { $0 != $1 }.count
        #expect(changed > 0, "percent 1 moves each byte 100 or more from its blur by one")
    }

    @Test func anOpaqueImageStaysOpaque() throws {
        let input = TestImages.noise(width: 19, height: 11, seed: 9)
        let result = try CPUBackend(threads: 1).run(try SharpenKernel(radius: 5, percent: 10000, threshold: 0),
                                                     on: .host(input)).hostImage()
        #expect(stride(from: 3, to: result.pixels.count, by: 4).allSatisfy { result.pixels[$0] == 255 })
    }

    /// Both device shapes against the CPU backend.
    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"),
          arguments: [(3, 700, 6.0, 150, 3), (700, 3, 2.0, 400, 0), (61, 257, 40.0, 90, 8), (2, 2, 300.0, 10000, 0),
                      (129, 65, 0.9, 250, 1), (1, 1, 2.0, 150, 0)])
    func deviceShapesEqualTheCPU(_ width: Int, _ height: Int, _ radius: Double, _ percent: Int, _ threshold: Int) throws {
        let kernel = try SharpenKernel(radius: radius, percent: percent, threshold: threshold)
        let input = TestImages.noise(width: width, height: height, seed: UInt64(width * height), alpha: true)
        let onHost = try CPUBackend(threads: 1).run(kernel, on: .host(input)).hostImage()
        for seesACPU in [true, false] {
            let device = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, kernelsSeeACPU: seesACPU)
            let onDevice = try device.run(kernel, on: .host(input)).hostImage()
            #expect(onDevice.pixels == onHost.pixels, "\(width)×\(height) radius \(radius), kernels see a CPU: \(seesACPU)")
        }
    }
}
