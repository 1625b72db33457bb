@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
@testable import SystemIO
import Testing
import TestSupport

/// Failures inside image chains: the error names the failing operation and carries the
/// precise reason; nothing after it runs and nothing is written.
@Suite(.timeLimit(.minutes(1)))
struct ImageOperationErrorTests {
    @Test func cropOutsideTheImageFailsTheChainNamingTheCrop() throws {
        let folder = try ScratchFolder()
        let cpu = CPUBackend()
        let compound = CompoundOperation<ImageSource, SavedImage>(operations: [
            LoadImageOperation(),
            CropImageOperation(backend: cpu, region: .rect(PixelRect(x: 500, y: 0, width: 20, height: 20))),
            SaveImageOperation(path: folder.file("never.png"), format: .png),
        ], input: .file(RepositoryPaths.sample("astronaut.png")))
        let result = try #require(OperationTestQueue.run(compound))
        guard case .failure(ChainError.operationFailed(let name, let underlying)) = result else {
            Issue.record("expected operationFailed, got \(result)")
            return
        }
        #expect(name == "CropImageOperation")
        #expect(underlying as? ImageOperationError
                == .cropOutsideImage(rect: PixelRect(x: 500, y: 0, width: 20, height: 20), width: 512, height: 512))
        #expect(folder.contents.isEmpty)
    }

    @Test func saveCountsThatDoNotMatchTheSizesFailBeforeAnyWork() throws {
        let folder = try ScratchFolder()
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 16)!, ThumbnailSize(side: 8)!]
        settings.glitch = nil
        let fanOut = FanOutSaveOperation(pipeline: ThumbnailPipeline(settings: settings), backend: CPUBackend(threads: 1),
                                         saves: [SaveImageOperation(path: folder.file("only.png"), format: .png)])
        #expect(throws: ImageOperationError.outputCountMismatch(outputs: 1, sizes: 2)) {
            try fanOut.execute(.host(TestImages.gradient(width: 32, height: 24)))
        }
        #expect(ImageOperationError.outputCountMismatch(outputs: 1, sizes: 2).description == "1 output paths for 2 sizes")
        #expect(folder.contents.isEmpty)
    }

    @Test func anEmptyInputFailsInTheLoadWithTheCodecReason() throws {
        let folder = try ScratchFolder()
        _ = FileManager.default.createFile(atPath: folder.file("empty.png"), contents: Data())
        let compound = CompoundOperation<ImageSource, SavedImage>(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: CPUBackend(), target: .cover(side: 16, gravity: .centre)),
            SaveImageOperation(path: folder.file("out.png"), format: .png),
        ], input: .file(folder.file("empty.png")))
        let result = try #require(OperationTestQueue.run(compound))
        guard case .failure(ChainError.operationFailed(let name, let underlying)) = result else {
            Issue.record("expected operationFailed, got \(result)")
            return
        }
        #expect(name == "LoadImageOperation")
        #expect(underlying as? ImageCodecError == ImageCodecError(source: folder.file("empty.png"), reason: .empty))
        #expect(folder.contents == ["empty.png"])
    }

    @Test func aSaveThatCannotRenameLeavesNoTemporaryFile() throws {
        let folder = try ScratchFolder()
        // The target name is taken by a non-empty folder: rename(2) fails after the bytes are written.
        try FileManager.default.createDirectory(atPath: folder.file("taken.png/inside"), withIntermediateDirectories: true)
        let save = SaveImageOperation(path: folder.file("taken.png"), format: .png,
                                      input: .host(TestImages.gradient(width: 9, height: 5)))
        let queue = OperationQueue()
        queue.addOperations([save], waitUntilFinished: true)
        guard case .failure(ChainError.operationFailed("SaveImageOperation", let underlying)) = save.result else {
            Issue.record("expected a failed save, got \(String(describing: save.result))")
            return
        }
        let error = try #require(underlying as? SystemCallError)
        #expect(error.call == "rename")
        #expect(folder.contents == ["taken.png", "taken.png/inside"])
    }

    @Test func cancellingTheCompoundBeforeItStartsWritesNothing() throws {
        let folder = try ScratchFolder()
        let compound = CompoundOperation<ImageSource, SavedImage>(operations: [
            LoadImageOperation(),
            ScaleImageOperation(backend: CPUBackend(), target: .cover(side: 16, gravity: .centre)),
            SaveImageOperation(path: folder.file("out.png"), format: .png),
        ], input: .file(RepositoryPaths.sample("astronaut.png")))
        compound.cancel()
        let result = try #require(OperationTestQueue.run(compound))
        guard case .failure(ChainError.cancelled) = result else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(folder.contents.isEmpty)
    }
}

@Suite("Atomic writes")
struct AtomicFileWriterTests {
    @Test("temporary names stay within NAME_MAX, keep the pid and the suffix, and are told stale by the pid")
    func temporaryNames() {
        for name in ["a.png", String(repeating: "x", count: 255), String(repeating: "ü", count: 127) + ".p"] {
            let temporary = AtomicFileWriter.temporaryName(for: name)
            #expect(temporary.utf8.count <= 255, "\(temporary.utf8.count) bytes")
            #expect(temporary.hasPrefix(".") && temporary.hasSuffix(AtomicFileWriter.temporarySuffix))
            #expect(temporary.contains(".\(getpid())."))
            #expect(!StaleTemporaryFiles.isStale(temporary), "our own files are never stale")
        }
        #expect(AtomicFileWriter.temporaryName(for: "a.png").hasPrefix(".a.png.\(getpid())."))
        #expect(!StaleTemporaryFiles.isStale("a.png"))
        #expect(!StaleTemporaryFiles.isStale(".x.png.1.ab\(AtomicFileWriter.temporarySuffix)"), "pid 1 is alive")
    }
}
