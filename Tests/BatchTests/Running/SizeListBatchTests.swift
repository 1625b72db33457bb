@testable import GPUOps
@testable import GPUOps
import CPUCompute
import Foundation
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// A batch with several sizes: one decode and, on a device, one upload per input, then every
/// size from the same device image and one download per output (the backend's counters).
@Suite(.timeLimit(.minutes(2)))
struct SizeListBatchTests {
    static let samples = ["astronaut.png", "coffee.jpg", "coffee-exif-rotated.jpg"]

    static func settings() -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = ["64", "48x32", "20x40"].compactMap(ThumbnailSize.init)
        return settings
    }

    static func items(in folder: Scratch, _ prefix: String) -> [BatchItem] {
        samples.map { name in
            BatchItem(source: .file(RepositoryPaths.sample(name)),
                      outputs: ["64", "48x32", "20x40"].map { folder.file("\(prefix)/\(name)_\($0).png") }, format: .png)
        }
    }

    @Test("a device batch makes 1 upload and 3 downloads an input; the files are the CPU's")
    func oneUploadEveryDownload() throws {
        let folder = try Scratch()
        let device = EmbeddedBackend()
        let summary = BatchRunner(backend: device, settings: Self.settings(), workers: 2).run(Self.items(in: folder, "dev")) { _ in }
        #expect(summary.ok == 3 && summary.failed == 0)
        #expect(summary.uploads == 3 && summary.downloads == 9)
        #expect(device.transfers.uploads == 3 && device.transfers.downloads == 9)
        let cpu = BatchRunner(backend: CPUBackend(), settings: Self.settings(), workers: 2).run(Self.items(in: folder, "cpu")) { _ in }
        #expect(cpu.ok == 3 && cpu.uploads == 0 && cpu.downloads == 0)
        for result in summary.results {
            #expect(result.savedOutputs.map { "\($0.width)x\($0.height)" }.count == 3)
            #expect(result.savedOutputs.map(\.path) == result.item.outputs)
        }
        for name in Self.samples {
            for size in ["64", "48x32", "20x40"] {
                let dev = try ImageFileReader.readAll(path: folder.file("dev/\(name)_\(size).png"))
                let cpu = try ImageFileReader.readAll(path: folder.file("cpu/\(name)_\(size).png"))
                #expect(dev == cpu, "\(name) \(size)")
                let decoded = try ImageDecoder.decode(contentsOf: folder.file("dev/\(name)_\(size).png")).image
                let expected = size == "64" ? (64, 64) : size == "48x32" ? (48, 32) : (20, 40)
                #expect(decoded.width == expected.0 && decoded.height == expected.1, "\(name) \(size)")
            }
        }
    }

    @Test("the same on the OpenCL device: 1 upload + 3 downloads an input, the CPU's bytes",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"))
    func openCLBatch() throws {
        let folder = try Scratch()
        let device = try OpenCLTestDevice.backend()
        let summary = BatchRunner(backend: device, settings: Self.settings(), workers: 2).run(Self.items(in: folder, "dev")) { _ in }
        #expect(summary.ok == 3 && summary.uploads == 3 && summary.downloads == 9)
        _ = BatchRunner(backend: CPUBackend(), settings: Self.settings(), workers: 1).run(Self.items(in: folder, "cpu")) { _ in }
        for name in Self.samples {
            for size in ["64", "48x32", "20x40"] {
                #expect(try ImageFileReader.readAll(path: folder.file("dev/\(name)_\(size).png"))
                        == ImageFileReader.readAll(path: folder.file("cpu/\(name)_\(size).png")), "\(name) \(size)")
            }
        }
    }

    @Test("an item whose outputs do not match the sizes fails with its line, nothing written")
    func mismatchedOutputs() throws {
        let folder = try Scratch()
        let item = BatchItem(source: .file(RepositoryPaths.sample("coffee.jpg")), output: folder.file("one.png"), format: .png)
        let summary = BatchRunner(backend: CPUBackend(), settings: Self.settings(), workers: 1).run([item]) { _ in }
        #expect(summary.failed == 1)
        #expect(summary.results.first?.errorLine == "\(RepositoryPaths.sample("coffee.jpg")): 1 output paths for 3 sizes")
        #expect(folder.contents.isEmpty)
    }
}
