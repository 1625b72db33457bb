import ComputeCore
@testable import GPUOps
@testable import GPUOps
import CPUCompute
import Foundation
import ImageCodecs
import ImageMaths
import OpenCLCompute
@testable import SystemIO
import Synchronization
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(2)))
struct BatchRunnerTests {
    @Test func processesGoodAndBadInputsAndReportsEach() throws {
        let folder = try Scratch()
        _ = FileManager.default.createFile(atPath: folder.file("empty.jpg"), contents: Data())
        let names = ["astronaut.png", "coffee.jpg", "chelsea.png"]
        var items = names.map {
            BatchItem(source: .file(RepositoryPaths.sample($0)), output: folder.file("out/\($0).jpg"), format: .jpeg)
        }
        items.insert(BatchItem(source: .file(folder.file("empty.jpg")), output: folder.file("out/empty.jpg"), format: .jpeg), at: 1)
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 64)!]
        let runner = BatchRunner(backend: CPUBackend(), settings: settings, workers: 2)
        let seen = LockedCounter()
        let summary = runner.run(items) { _ in seen.increment() }
        #expect(seen.value == 4)
        #expect(summary.ok == 3)
        #expect(summary.failed == 1)
        #expect(!summary.cancelled)
        let failure = try #require(summary.results.first { $0.status == .failed })
        #expect(failure.index == 1)
        #expect(failure.errorLine == "\(folder.file("empty.jpg")): empty input (0 bytes)")
        for name in names {
            let decoded = try ImageDecoder.decode(contentsOf: folder.file("out/\(name).jpg"))
            #expect(decoded.facts.format == .jpeg && decoded.image.width == 64 && decoded.image.height == 64)
        }
        #expect(folder.contents.filter { $0.hasPrefix("out/") }.sorted()
                == names.map { "out/\($0).jpg" }.sorted())
    }

    @Test func cancelStopsTakingNewItems() throws {
        let folder = try Scratch()
        let items = (0..<200).map {
            BatchItem(source: .file(RepositoryPaths.sample("astronaut.png")), output: folder.file("o\($0).png"), format: .png)
        }
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 32)!]
        let runner = BatchRunner(backend: CPUBackend(), settings: settings, workers: 2)
        let summary = runner.run(items) { result in
            if result.index == 3 { runner.cancel() }
        }
        #expect(summary.cancelled)
        #expect(summary.results.count < 200)
        // Everything written is whole (decodes), nothing temporary is left.
        for name in folder.contents {
            #expect(!name.contains(AtomicFileWriter.temporarySuffix))
            #expect(try ImageDecoder.decode(contentsOf: folder.file(name)).image.width == 32)
        }
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite(.timeLimit(.minutes(1)))
struct BatchDeviceFallbackTests {
    /// A device with no memory for anything: every primitive fails as a real device does when
    /// an image does not fit.
    @Test("the CPU threads per image and the heap trimming are the ones the batch is given")
    func explicitSettings() {
        let onCPU = BatchRunner(device: CPUBackend(), settings: ThumbnailSettings(), workers: 2, cpuThreadsPerImage: 3,
                                heapTrimInterval: nil)
        #expect((onCPU.backend as? CPUBackend)?.threads == 3)
        #expect((onCPU.fallback as? CPUBackend)?.threads == 3)
        #expect(onCPU.heapTrimInterval == nil)
        let device = EmbeddedBackend()
        let onDevice = BatchRunner(device: device, settings: ThumbnailSettings(), workers: 2)
        #expect(onDevice.backend === device, "a device is used as it is given")
        #expect((onDevice.fallback as? CPUBackend)?.threads == 1)
        #expect(onDevice.heapTrimInterval == HeapTrimmer.standardInterval)
    }

    static func exhausted() -> EmbeddedBackend {
        let device = EmbeddedBackend(name: "opencl:9 (exhausted test device)")
        device.failAll(with: EmbeddedBackend.OutOfDeviceMemory())
        return device
    }

    @Test func anImageTheDeviceHasNoRoomForIsMadeOnTheCPUWithTheSameBytes() throws {
        let folder = try Scratch()
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 48)!]
        let item = { (name: String) in
            BatchItem(source: .file(RepositoryPaths.sample("coffee.png")), output: folder.file(name), format: .png)
        }
        let fallback = BatchRunner(backend: Self.exhausted(), settings: settings, workers: 1).run([item("device.png")]) { _ in }
        let result = try #require(fallback.results.first)
        #expect(result.status == .ok)
        #expect(result.fellBackToCPU)
        let cpu = BatchRunner(backend: CPUBackend(), settings: settings, workers: 1).run([item("cpu.png")]) { _ in }
        #expect(cpu.results.first?.status == .ok)
        #expect(try ImageFileReader.readAll(path: folder.file("device.png")) == ImageFileReader.readAll(path: folder.file("cpu.png")))
    }
    /// The CPU retry of an image runs on the runner's queue: cancelling the batch while the
    /// retry works cancels it like any other image (nothing written, no result), instead of
    /// letting it finish on a queue of its own.
    @Test func cancellingTheBatchCancelsAnImagesCPURetry() throws {
        let folder = try Scratch()
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 48)!]
        let fallback = CancellingCPUBackend()
        let runner = BatchRunner(backend: Self.exhausted(), settings: settings, workers: 1, fallback: fallback)
        fallback.cancelOnFirstPass(runner)
        let abandoned = Mutex<[Int]>([])
        let item = BatchItem(source: .file(RepositoryPaths.sample("coffee.png")), output: folder.file("out.png"), format: .png)
        let summary = runner.stream([item], onResult: { _ in }, onAbandoned: { index in abandoned.withLock { $0.append(index) } })
        #expect(fallback.passes > 0, "the retry started on the CPU backend")
        #expect(summary.cancelled)
        #expect(summary.ok == 0 && summary.failed == 0)
        #expect(abandoned.withLock { $0 } == [0])
        #expect(folder.contents.isEmpty, "the cancelled retry wrote nothing")
    }
}

/// The CPU backend, cancelling a batch runner when the first pass of an image reaches it.
final class CancellingCPUBackend: ComputeBackendCore {
    let kind = BackendKind.cpu
    let name = "cpu (cancels its runner)"
    let transfers = TransferCounters()
    private let cpu = CPUBackend(threads: 1)
    private let runner = Mutex<BatchRunner?>(nil)
    private let passCount = Mutex(0)

    func cancelOnFirstPass(_ runner: BatchRunner) { self.runner.withLock { $0 = runner } }
    /// Passes that reached this backend.
    var passes: Int { passCount.withLock { $0 } }

    private func pass() {
        let first = passCount.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        if first { runner.withLock { $0 }?.cancel() }
    }

    func makeResident(_ image: PipelineImage) throws -> PipelineImage { pass(); return try cpu.makeResident(image) }
    func download(_ image: DeviceImage) throws -> HostImage { pass(); return try cpu.download(image) }
    func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage {
        pass(); return try cpu.resampleHorizontal(image, weights: weights, rows: rows)
    }
    func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage {
        pass(); return try cpu.resampleVertical(image, weights: weights)
    }
    func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage { pass(); return try cpu.crop(image, to: rect) }
    func premultiply(_ image: PipelineImage) throws -> PipelineImage { pass(); return try cpu.premultiply(image) }
    func unpremultiply(_ image: PipelineImage) throws -> PipelineImage { pass(); return try cpu.unpremultiply(image) }
    func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage { pass(); return try cpu.run(kernel, on: image) }
}

/// The same recovery on the real OpenCL backend: every `clCreateBuffer` of its own runtime
/// answers "out of memory" (forced by the driver), and the batch redoes the image on the CPU.
@Suite(.timeLimit(.minutes(1)), .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct BatchOpenCLOutOfMemoryTests {
    @Test func anImageTheOpenCLDeviceHasNoRoomForIsMadeOnTheCPU() throws {
        let folder = try Scratch()
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 40)!]
        let forcing = ForcingDriver()
        let device = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, driver: forcing.driver)
        forcing.outOfMemory.failAlways()
        let item = { (name: String) in
            BatchItem(source: .file(RepositoryPaths.sample("chelsea.png")), output: folder.file(name), format: .png)
        }
        let summary = BatchRunner(backend: device, settings: settings, workers: 1).run([item("device.png")]) { _ in }
        let result = try #require(summary.results.first)
        #expect(result.status == .ok, "\(result.errorLine ?? "")")
        #expect(result.fellBackToCPU)
        #expect(forcing.outOfMemory.failures >= 1)
        _ = BatchRunner(backend: CPUBackend(), settings: settings, workers: 1).run([item("cpu.png")]) { _ in }
        #expect(try ImageFileReader.readAll(path: folder.file("device.png")) == ImageFileReader.readAll(path: folder.file("cpu.png")))
    }
}

