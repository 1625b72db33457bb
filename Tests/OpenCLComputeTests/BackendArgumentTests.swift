import ComputeCore
import CPUCompute
import ImageCodecs
import ImageEffects
import ImageMaths
import OpenCLCompute
import Testing
import TestSupport

/// Bad arguments are the same typed error on the CPU backend and on OpenCL (one set of checks,
/// `ComputeArgumentCheck`), thrown before any pixel is touched, never a crash.
@Suite("Backend argument checks", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct BackendArgumentTests {
    static func backends() throws -> [any ComputeBackend] { [CPUBackend(threads: 1), try OpenCLTestDevice.backend()] }
    static let image = PipelineImage.host(TestImages.gradient(width: 10, height: 6))

    @Test("a crop outside the image")
    func cropOutside() throws {
        for backend in try Self.backends() {
            let rect = PixelRect(x: 8, y: 0, width: 3, height: 2)
            #expect(throws: ComputeArgumentError.cropOutsideImage(rect: rect, width: 10, height: 6), "\(backend.name)") {
                try backend.crop(Self.image, to: rect)
            }
            let empty = PixelRect(x: 0, y: 0, width: 0, height: 2)
            #expect(throws: ComputeArgumentError.cropOutsideImage(rect: empty, width: 10, height: 6), "\(backend.name)") {
                try backend.crop(Self.image, to: empty)
            }
        }
    }

    @Test("weights made for a wider image, and rows past the bottom")
    func resampleOutside() throws {
        let wide = ResampleWeights.compute(inSize: 12, outSize: 5, filter: .bilinear)
        let tall = ResampleWeights.compute(inSize: 7, outSize: 3, filter: .bilinear)
        let fits = ResampleWeights.compute(inSize: 10, outSize: 5, filter: .bilinear)
        for backend in try Self.backends() {
            #expect(throws: ResampleArgumentError.outsideImage(pass: "horizontal", needed: 12, available: 10)) {
                try backend.resampleHorizontal(Self.image, weights: wide, rows: 0..<6)
            }
            #expect(throws: ResampleArgumentError.outsideImage(pass: "horizontal (rows)", needed: 7, available: 6)) {
                try backend.resampleHorizontal(Self.image, weights: fits, rows: 2..<7)
            }
            #expect(throws: ResampleArgumentError.outsideImage(pass: "vertical", needed: 7, available: 6)) {
                try backend.resampleVertical(Self.image, weights: tall)
            }
        }
    }

    /// The glitch makes its plan from each image's own size, so no plan can be for another
    /// size; its parameters are checked before anything runs, the same on every backend.
    @Test("glitch parameters out of range")
    func glitchParametersOutOfRange() throws {
        for backend in try Self.backends() {
            #expect(throws: GlitchPlanError.invalidSetting("shift must be ≥ 0 (got -1)"), "\(backend.name)") {
                try backend.run(GlitchKernel(parameters: GlitchParameters(shift: -1)), on: Self.image)
            }
        }
    }

    @Test("a plan made for another size")
    func planMismatch() throws {
        let resize = ResamplePlan(inputWidth: 10, inputHeight: 7, outputWidth: 5, outputHeight: 3, filter: .lanczos)
        for backend in try Self.backends() {
            #expect(throws: ResampleArgumentError.planSizeMismatch(planWidth: 10, planHeight: 7, width: 10, height: 6)) {
                try backend.resample(Self.image, plan: resize)
            }
        }
    }

    @Test("a backend asked to download another backend's image refuses, naming both")
    func foreignDownload() throws {
        let first = try OpenCLTestDevice.backend()
        guard case .device(let onDevice) = try first.makeResident(Self.image) else {
            Issue.record("makeResident did not upload")
            return
        }
        #expect(throws: ComputeArgumentError.foreignDeviceImage(owner: first.name, backend: "cpu")) {
            try CPUBackend(threads: 1).download(onDevice)
        }
    }
}
