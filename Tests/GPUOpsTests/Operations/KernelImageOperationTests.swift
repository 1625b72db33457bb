import ComputeCore
import ComputeDevices
import CPUCompute
import Foundation
import GPUOps
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// The library side of `ImageKernel`: fallback to the host implementation, build logs,
/// argument checks, the program cache.
@Suite struct KernelImageOperationTests {
    /// Adds 1 to every red byte (wrapping); the smallest kernel with a visible result.
    struct RedPlusOne: ImageKernel {
        var source = """
            __kernel void red_plus_one(__global const uchar4 *src, __global uchar4 *dst, uint count) {
                uint i = get_global_id(0);
                if (i < count) { uchar4 p = src[i]; p.x += 1; dst[i] = p; }
            }
            """
        var function = KernelFunction<KernelImage, KernelImage, UInt32>("red_plus_one")
        var name: String { "red+1" }
        var program: KernelProgramSource { KernelProgramSource(source) }
        func encode(_ launches: inout KernelLaunches) throws {
            let count = launches.input.width * launches.input.height
            try launches.launch(function, global: [count], launches.input, launches.output, UInt32(count))
        }
        func runOnHost(_ input: HostImage) throws -> HostImage {
            var pixels = input.pixels
            for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] &+= 1 }
            return HostImage(width: input.width, height: input.height, computedPixels: pixels)
        }
    }

    let image = TestImages.noise(width: 9, height: 5, seed: 3)

    /// The operation does not fall back by itself: a device out of memory reaches the caller
    /// as a recoverable error, and the batch runner redoes the whole image on the CPU
    /// (`BatchDeviceFallbackTests`), the one recovery path.
    @Test func aDeviceOutOfMemoryReachesTheCallerAsRecoverable() throws {
        let device = EmbeddedBackend()
        device.fail(.kernel, with: EmbeddedBackend.OutOfDeviceMemory())
        let operation = KernelImageOperation(backend: device, kernel: RedPlusOne())
        let error = #expect(throws: EmbeddedBackend.OutOfDeviceMemory.self) { try operation.execute(.host(image)) }
        #expect(error.map(CPUFallback.isRecoverable) == true)
    }

    @Test func anotherDeviceErrorIsNotRecoverable() throws {
        struct Broken: Error {}
        let device = EmbeddedBackend()
        device.fail(.kernel, with: Broken())
        let operation = KernelImageOperation(backend: device, kernel: RedPlusOne())
        let error = #expect(throws: Broken.self) { try operation.execute(.host(image)) }
        #expect(error.map(CPUFallback.isRecoverable) == false)
    }

    /// A batch whose effect kernel finds the device out of memory redoes the image on the CPU,
    /// with the same bytes.
    @Test func aBatchRedoesAnImageWhoseEffectFindsTheDeviceFull() throws {
        let folder = try ScratchFolder()
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 40)!]
        settings.effects = [.sepia(SepiaKernel())]
        let device = EmbeddedBackend()
        device.fail(.kernel, with: EmbeddedBackend.OutOfDeviceMemory())
        let item = { (name: String) in
            BatchItem(source: .file(RepositoryPaths.sample("coffee.png")), output: folder.file(name), format: .png)
        }
        let summary = BatchRunner(backend: device, settings: settings, workers: 1).run([item("device.png")]) { _ in }
        let result = try #require(summary.results.first)
        #expect(result.status == .ok && result.fellBackToCPU)
        _ = BatchRunner(backend: CPUBackend(), settings: settings, workers: 1).run([item("cpu.png")]) { _ in }
        #expect(try ImageFileReader.readAll(path: folder.file("device.png")) == ImageFileReader.readAll(path: folder.file("cpu.png")))
    }

    @Test func aHostImplementationOfTheWrongSizeIsRefused() throws {
        struct Shrinks: ImageKernel {
            var name: String { "shrinks" }
            var program: KernelProgramSource { KernelProgramSource("") }
            func encode(_ launches: inout KernelLaunches) throws {}
            func runOnHost(_ input: HostImage) throws -> HostImage {
                HostImage(width: 1, height: 1, computedPixels: [0, 0, 0, 0])
            }
        }
        #expect(throws: ComputeArgumentError.kernelOutputSizeMismatch(
            kernel: "shrinks", expected: PixelSize(width: 9, height: 5), actual: PixelSize(width: 1, height: 1))) {
            try CPUBackend(threads: 1).run(Shrinks(), on: .host(image))
        }
    }

    @Test func launchesAreCheckedWhenRecorded() throws {
        var launches = KernelLaunches(input: PixelSize(width: 4, height: 4), output: PixelSize(width: 4, height: 4),
                                      device: .init(maxWorkGroupSize: 64, localMemoryBytes: 1024, isCPU: true))
        let f = KernelFunction<KernelImage, LocalMemory>("f")
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(kernel: "f", reason: "work-group of 128 exceeds the device's 64")) {
            try launches.launch(f, global: [128], local: [128], launches.input, LocalMemory(bytes: 16))
        }
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(
            kernel: "f", reason: "4096 bytes of local memory; the device has 1024")) {
            try launches.launch(f, global: [16], launches.input, LocalMemory(bytes: 4096))
        }
        let foreign = KernelImage(slot: 5, width: 4, height: 4)
        #expect(throws: ComputeArgumentError.self) { try launches.launch(f, global: [16], foreign, LocalMemory(bytes: 16)) }
        #expect(launches.launches.isEmpty)
        #expect(f.parameterCount == 2)
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func aKernelThatDoesNotBuildFailsWithTheCompilersLog() throws {
        var broken = RedPlusOne()
        broken.source = "__kernel void red_plus_one(__global uchar4 *src) { undeclared_name += 1; }"
        let device = try OpenCLTestDevice.backend()
        let error = try #require(throws: CLBuildError.self) { try device.run(broken, on: .host(image)) }
        #expect(error.description.contains("undeclared_name"), "\(error)")
        // Remembered: the second image gets the same error without another build.
        #expect(throws: CLBuildError.self) { try device.run(broken, on: .host(image)) }
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func aKernelFunctionWithTheWrongParameterCountIsNamed() throws {
        var wrong = RedPlusOne()
        wrong.source = wrong.source.replacingOccurrences(of: "red_plus_one", with: "red_plus_one_other")
            + "\n__kernel void red_plus_one(__global const uchar4 *src, __global uchar4 *dst) {}"
        let device = try OpenCLTestDevice.backend()
        #expect(throws: ComputeArgumentError.invalidKernelLaunch(
            kernel: "red_plus_one", reason: "the OpenCL function declares 2 parameters, its KernelFunction 3")) {
            try device.run(wrong, on: .host(image))
        }
        var missing = RedPlusOne()
        missing.function = KernelFunction("no_such_kernel")
        let error = try #require(throws: ComputeArgumentError.self) { try device.run(missing, on: .host(image)) }
        #expect("\(error)".contains("no_such_kernel"))
    }

    @Test(.enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func onOpenCLTheResultStaysOnTheDeviceAndEqualsTheHost() throws {
        let device = try OpenCLTestDevice.backend()
        let first = try device.run(RedPlusOne(), on: .host(image))
        let second = try device.run(RedPlusOne(), on: first)
        guard case .device = second else { Issue.record("expected a device image"); return }
        let host = try RedPlusOne().runOnHost(RedPlusOne().runOnHost(image))
        #expect(try second.hostImage() == host)
    }
}
