@testable import ImageEffects
import ComputeCore
import CPUCompute
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// The box passes a GPU runs, a work-item per segment of a column (`BoxBlurSegments`): how
/// columns are split, and that any split gives the CPU backend's bytes, on shapes the Pillow
/// fixtures do not reach (columns much longer than wide, windows wider than the image).
@Suite struct TiltShiftSegmentTests {
    @Test func a512SquareImageFillsAGPU() {
        let segments = BoxBlurSegments(columns: 512, height: 512, radius: 5)
        #expect(segments.rows == 4 && segments.count == 128)
        #expect(512 * segments.count >= BoxBlurSegments.targetWorkItems)
    }

    @Test func segmentsCoverTheColumnAndAreNoShorterThanAThirdOfTheWindow() {
        for (columns, height, radius) in [(1, 1, 0), (7, 40, 9), (3, 5000, 2), (5000, 3, 40), (512, 512, 1000), (100, 999, 17)] {
            let segments = BoxBlurSegments(columns: columns, height: height, radius: radius)
            #expect(segments.rows * segments.count >= height && segments.rows * (segments.count - 1) < height,
                    "\(columns)×\(height) r\(radius)")
            #expect(segments.rows >= min(2 * radius + 1, height) / 3, "\(columns)×\(height) r\(radius)")
        }
    }

    /// The kernels told the device is not a CPU (the GPU shape) against the CPU backend.
    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"),
          arguments: [(3, 700, 6.0), (700, 3, 6.0), (61, 257, 40.0), (2, 2, 300.0), (129, 65, 0.9)])
    func gpuShapeEqualsTheCPU(_ width: Int, _ height: Int, _ radius: Double) throws {
        let kernel = try TiltShiftKernel(radius: radius, centre: 0.4, band: 0.2, fade: 0.3)
        let input = TestImages.noise(width: width, height: height, seed: UInt64(width * height), alpha: true)
        let device = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, kernelsSeeACPU: false)
        let onDevice = try device.run(kernel, on: .host(input)).hostImage()
        let onHost = try CPUBackend(threads: 1).run(kernel, on: .host(input)).hostImage()
        #expect(onDevice.pixels == onHost.pixels, "\(width)×\(height) radius \(radius)")
    }
}
