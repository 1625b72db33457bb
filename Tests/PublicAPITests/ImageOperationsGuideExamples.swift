import Foundation
import GPUOps
import ImageBatch
import Testing
import TestSupport

// The code blocks of docs/IMAGE-OPERATIONS.md, copied verbatim between the `// doc:` lines
// (`DocExampleTests` checks that they agree), in the context each needs: a function that
// gives it the values the page names (`device`, `image`, `kernel`). Its library imports are
// `GPUOps` and, for the batch, `ImageBatch`, as a user's would be.

func seedPipelineExample() throws {
    // doc: IMAGE-OPERATIONS.md, block 1
    let device = try DeviceSelector.select(.auto).backend
    let pipeline = CompoundOperation<ImageSource, SavedImage>(operations: [
        LoadImageOperation(),
        ScaleImageOperation(backend: device, target: .shorterSide(200), filter: .lanczos),
        CropImageOperation(backend: device, region: .square(.centre)),
        GlitchImageOperation(backend: device, parameters: GlitchParameters(seed: 7, shift: 4, edge: .wrap)),
        SaveImageOperation(path: "out/coffee.png", format: .png),
    ], input: .file("samples/coffee.png")) { result in
        switch result {
        case .success(let saved): print("wrote \(saved.path)")
        case .failure(let error): print(error)   // names the failing operation and the reason
        }
    }
    OperationQueue().addOperation(pipeline)
    // doc: end
}

func asyncChainExample(device: any ComputeBackend) async throws -> SavedImage {
    // doc: IMAGE-OPERATIONS.md, block 2
    let saved = try await LoadImageOperation(source: .file("samples/chelsea.png"))
        .deliver(to: ScaleImageOperation(backend: device, target: .shorterSide(200)))
        .deliver(to: CropImageOperation(backend: device, region: .square(.centre)))
        .deliver(to: GlitchImageOperation(backend: device))
        .deliver(to: SaveImageOperation(path: "out/chelsea.png", format: .png))
        .run(on: OperationQueue())
    // doc: end
    return saved
}

// doc: IMAGE-OPERATIONS.md, block 3
final class InvertOnHostOperation: ChainableOperation<PipelineImage, PipelineImage>, @unchecked Sendable {
    override func execute(_ input: PipelineImage) throws -> PipelineImage {
        var host = try input.hostImage()            // downloads if the image is on a device
        for i in stride(from: 0, to: host.pixels.count, by: 4) {
            host.pixels[i] = 255 - host.pixels[i]
            host.pixels[i + 1] = 255 - host.pixels[i + 1]
            host.pixels[i + 2] = 255 - host.pixels[i + 2]
        }
        return .host(host)                          // the next device operation uploads it
    }
}
// doc: end

// Block 4 is Sharpen3x3Kernel.swift.

func cpuBackendAndBuildErrorExample(image: HostImage, kernel: some ImageKernel) throws -> HostImage {
    // doc: IMAGE-OPERATIONS.md, block 5
    let onCPU = try CPUBackend().run(Sharpen3x3Kernel(), on: .host(image)).hostImage()

    do {
        let device = try DeviceSelector.select(.opencl).backend
        _ = try device.run(kernel, on: .host(image))
    } catch let error as CLBuildError {
        print(error.logs.map(\.log).joined(separator: "\n"))   // the compiler's own messages
    }
    // doc: end
    return onCPU
}

func sharpenChainExample(device: any ComputeBackend) -> CompoundOperation<ImageSource, SavedImage> {
    // doc: IMAGE-OPERATIONS.md, block 6
    let chain = CompoundOperation<ImageSource, SavedImage>(operations: [
        LoadImageOperation(),
        ScaleImageOperation(backend: device, target: .cover(side: 96, gravity: .centre)),
        KernelImageOperation(backend: device, kernel: Sharpen3x3Kernel()),
        GlitchImageOperation(backend: device, parameters: GlitchParameters(seed: 7)),
        SaveImageOperation(path: "out.png", format: .png),
    ], input: .file("astronaut.png"))
    // doc: end
    return chain
}

@Suite(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
struct ParityExample {
    // doc: IMAGE-OPERATIONS.md, block 7
    @Test func sharpenIsExactOnEveryDevice() throws {
        let report = try BackendParity.check(kernels: [Sharpen3x3Kernel()])
        #expect(!report.devices.isEmpty)          // there was a device to compare with
        #expect(report.isIdentical, "\(report)")
    }
    // doc: end
}

func sizeListExample(device: any ComputeBackend) -> (CompoundOperation<ImageSource, [SavedImage]>, BatchJob) {
    // doc: IMAGE-OPERATIONS.md, block 8
    var settings = ThumbnailSettings()
    settings.sizes = ["1024", "640x480", "256"].compactMap(ThumbnailSize.init)   // N or WxH, as --size
    settings.fit = .contain
    settings.enlarges = false                                                    // --no-enlarge
    settings.glitch = nil
    let pipeline = ThumbnailPipeline(settings: settings)

    // One image: decoded once (one shrink-on-load draft for every size), then every size.
    let saves = settings.sizes.map { SaveImageOperation(path: "out/coffee_\($0).jpg", format: .jpeg, quality: 85) }
    let chain = CompoundOperation<ImageSource, [SavedImage]>(operations: [
        LoadImageOperation(options: pipeline.decodeOptions),
        FanOutSaveOperation(pipeline: pipeline, backend: device, saves: saves),
    ], input: .file("samples/coffee.jpg"))

    // Many images: a batch names one output per size entry (out/a_1024.jpg, out/a_640x480.jpg, ...)
    // and runs it with `try await job.run(job.plan(), on: device)`.
    var job = BatchJob(inputs: ["photos/"], outputFolder: "out", outputFormat: .jpeg, settings: settings)
    job.workers = 4
    // doc: end
    return (chain, job)
}
