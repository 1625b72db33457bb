@testable import GPUOps
import ComputeDevices
import CPUCompute
import Foundation
import ImageEffects
import Testing
import TestSupport

/// Where the pipeline flattens (after the effects and the glitch, for JPEG outputs and for any
/// output with `--flatten`), and `FlattenStep` against Pillow's `alpha_composite`
/// (Tests/ImageEffectsTests/Fixtures/flatten) on every backend.
@Suite struct FlattenStepTests {
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageEffectsTests/Fixtures/flatten")

    static func input() throws -> HostImage {
        try ImageDecoder.decode(contentsOf: folder.appendingPathComponent("input.png").path).image
    }

    static func stepNames(_ pipeline: ThumbnailPipeline) -> [String] {
        pipeline.outputs[0].steps.map { step in
            if let kernel = (step as? KernelStep)?.kernel { return kernel.name }
            return String(describing: type(of: step))
        }
    }

    @Test("JPEG outputs are flattened last, after the effects and the glitch; PNG only with --flatten")
    func placement() {
        var settings = ThumbnailSettings()
        settings.effects = [.sepia(SepiaKernel())]
        #expect(Self.stepNames(ThumbnailPipeline(settings: settings, outputFormat: .jpeg)) == ["sepia", "glitch", "FlattenStep"])
        #expect(Self.stepNames(ThumbnailPipeline(settings: settings, outputFormat: .png)) == ["sepia", "glitch"])
        #expect(Self.stepNames(ThumbnailPipeline(settings: settings)) == ["sepia", "glitch"])
        settings.flattensAlpha = true
        for format in [ImageFormat.png, .webp, .avif, .jxl] {
            #expect(Self.stepNames(ThumbnailPipeline(settings: settings, outputFormat: format)).last == "FlattenStep")
        }
    }

    @Test("the step gives Pillow's composite onto --background", arguments: ["#3c8dbc", "#ff000080"])
    func equalsPillow(_ hex: String) throws {
        let expected = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(String(hex.dropFirst()) + ".rgba")))
        let step = FlattenStep(background: try #require(BackgroundColor(hex: hex)))
        let result = try step.apply(to: ImageContainer(try Self.input()), on: CPUBackend()).hostImage()
        #expect(result.pixels == expected)
    }

    @Test("an opaque image passes untouched: no kernel, no upload")
    func opaqueIsNoStep() throws {
        let image = TestImages.noise(width: 9, height: 5, seed: 3)
        let device = EmbeddedBackend()
        let result = try FlattenStep(background: BackgroundColor(hex: "#ffffff")!).apply(to: ImageContainer(image), on: device)
        #expect(try result.hostImage() == image)
        #expect(device.callLog.isEmpty && device.transfers.snapshot.uploads == 0)
    }

    @Test("every device gives the CPU's bytes", .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func parity() throws {
        for hex in ["#000000", "#ffffff", "#ff000080"] {
            let kernel = FlattenKernel(background: BackgroundColor(hex: hex)!.color, backgroundAlpha: BackgroundColor(hex: hex)!.alpha)
            let report = try BackendParity.check(kernels: [kernel], images: [try Self.input(),
                                                 TestImages.noise(width: 31, height: 7, seed: 9, alpha: true)])
            #expect(!report.devices.isEmpty)
            #expect(report.isIdentical, "\(report)")
        }
    }
}
