@testable import GPUOps
import ImageMaths
import CPUCompute
import Foundation
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// The seed pipeline (load → scale → square crop → glitch → save) written the three ways the
/// library offers, on the CPU and on OpenCL, with the transfers it costs.
@Suite(.timeLimit(.minutes(2)))
struct ImagePipelineTests {
    let glitch = GlitchParameters(seed: 7, shift: 4, edge: .wrap, scanlinePeriod: 4, scanlineThickness: 2,
                                  scanlineStrength: 128, tears: 8, tearShift: 20, tearHeight: 10)

    /// The seed's pipeline as a CompoundOperation: scale the shorter side, crop the square,
    /// glitch, save.
    func seedPipeline(_ backend: any ComputeBackend, source: String, output: String) -> CompoundOperation<ImageSource, SavedImage> {
        CompoundOperation(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: backend, target: .shorterSide(200), filter: .lanczos),
            CropImageOperation(backend: backend, region: .square(.centre)),
            GlitchImageOperation(backend: backend, parameters: glitch),
            SaveImageOperation(path: output, format: .png),
        ], input: .file(source))
    }

    @Test func seedPipelineOnTheCPUEqualsTheFusedScaleAndCrop() throws {
        let folder = try ScratchFolder()
        let cpu = CPUBackend()
        let saved = try #require(OperationTestQueue.run(seedPipeline(cpu, source: RepositoryPaths.sample("coffee.png"),
                                                                      output: folder.file("seed.png")))).get()
        #expect(saved.width == 200 && saved.height == 200)

        let fused = CompoundOperation<ImageSource, SavedImage>(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: cpu, target: .cover(side: 200, gravity: .centre)),
            GlitchImageOperation(backend: cpu, parameters: glitch),
            SaveImageOperation(path: folder.file("fused.png"), format: .png),
        ], input: .file(RepositoryPaths.sample("coffee.png")))
        _ = try #require(OperationTestQueue.run(fused)).get()
        let a = try ImageDecoder.decode(contentsOf: folder.file("seed.png")).image
        let b = try ImageDecoder.decode(contentsOf: folder.file("fused.png")).image
        #expect(a == b)
    }

    @Test func fluentChainGivesTheSameFileAsTheCompound() async throws {
        let folder = try ScratchFolder()
        let cpu = CPUBackend()
        _ = try #require(OperationTestQueue.run(seedPipeline(cpu, source: RepositoryPaths.sample("chelsea.png"),
                                                              output: folder.file("compound.png")))).get()
        let chain = LoadImageOperation(source: .file(RepositoryPaths.sample("chelsea.png")))
            .deliver(to: ScaleImageOperation(backend: cpu, target: .shorterSide(200)))
            .deliver(to: CropImageOperation(backend: cpu, region: .square(.centre)))
            .deliver(to: GlitchImageOperation(backend: cpu, parameters: glitch))
            .deliver(to: SaveImageOperation(path: folder.file("fluent.png"), format: .png))
        let saved = try await chain.run(on: OperationQueue())
        #expect(saved.path == folder.file("fluent.png"))
        let a = try ImageFileReader.readAll(path: folder.file("compound.png"))
        let b = try ImageFileReader.readAll(path: folder.file("fluent.png"))
        #expect(a == b)
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"))
    func deviceChainMakesOneUploadAndOneDownloadAndMatchesTheCPU() throws {
        let folder = try ScratchFolder()
        let device = try OpenCLTestDevice.backend()
        for sample in ["astronaut.png", "coffee.jpg", "chelsea-progressive.jpg"] {
            let before = device.transfers.snapshot
            _ = try #require(OperationTestQueue.run(seedPipeline(device, source: RepositoryPaths.sample(sample),
                                                                  output: folder.file("gpu-\(sample).png")))).get()
            let after = device.transfers.snapshot
            #expect(after.uploads - before.uploads == 1, "\(sample)")
            #expect(after.downloads - before.downloads == 1, "\(sample)")
            _ = try #require(OperationTestQueue.run(seedPipeline(CPUBackend(), source: RepositoryPaths.sample(sample),
                                                                  output: folder.file("cpu-\(sample).png")))).get()
            let gpuBytes = try ImageFileReader.readAll(path: folder.file("gpu-\(sample).png"))
            let cpuBytes = try ImageFileReader.readAll(path: folder.file("cpu-\(sample).png"))
            #expect(gpuBytes == cpuBytes, "\(sample): OpenCL and CPU files differ")
        }
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"))
    func aHostOperationInTheMiddleCostsExactlyOneMoreRoundTrip() throws {
        let folder = try ScratchFolder()
        let device = try OpenCLTestDevice.backend()
        func pipeline(_ backend: any ComputeBackend, _ output: String) -> CompoundOperation<ImageSource, SavedImage> {
            CompoundOperation(operations: [
                LoadImageOperation(),
                ScaleImageOperation(backend: backend, target: .cover(side: 128, gravity: .centre)),
                InvertOnHostOperation(),
                GlitchImageOperation(backend: backend, parameters: glitch),
                SaveImageOperation(path: output, format: .png),
            ], input: .file(RepositoryPaths.sample("astronaut.png")))
        }
        let before = device.transfers.snapshot
        _ = try #require(OperationTestQueue.run(pipeline(device, folder.file("gpu.png")))).get()
        let after = device.transfers.snapshot
        #expect(after.uploads - before.uploads == 2)
        #expect(after.downloads - before.downloads == 2)
        _ = try #require(OperationTestQueue.run(pipeline(CPUBackend(), folder.file("cpu.png")))).get()
        #expect(try ImageFileReader.readAll(path: folder.file("gpu.png")) == ImageFileReader.readAll(path: folder.file("cpu.png")))
    }

    @Test func userOperationInTheMiddleOfACPUChainSeesThePreviousResult() throws {
        let folder = try ScratchFolder()
        let cpu = CPUBackend()
        let compound = CompoundOperation<ImageSource, SavedImage>(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: cpu, target: .size(width: 8, height: 6), filter: .box),
            InvertOnHostOperation(),
            SaveImageOperation(path: folder.file("inverted.png"), format: .png),
        ], input: .file(RepositoryPaths.sample("astronaut.png")))
        _ = try #require(OperationTestQueue.run(compound)).get()
        let plain = try CPUBackend().resample(
            .host(ImageDecoder.decode(contentsOf: RepositoryPaths.sample("astronaut.png")).image),
            plan: ResamplePlan(inputWidth: 512, inputHeight: 512, outputWidth: 8, outputHeight: 6, filter: .box)).hostImage()
        let inverted = try ImageDecoder.decode(contentsOf: folder.file("inverted.png")).image
        #expect(inverted.width == 8 && inverted.height == 6)
        for i in 0..<plain.pixels.count {
            let expected = i % 4 == 3 ? plain.pixels[i] : 255 - plain.pixels[i]
            #expect(inverted.pixels[i] == expected, "byte \(i)")
        }
    }
}
