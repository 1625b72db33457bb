// doc: RunningABatch.md, block 1
import GPUOps

/// Makes a 256-pixel JPEG thumbnail of every image under `folder`, printing each failure.
func makeThumbnails(of folder: String, into output: String,
                    on device: any ComputeBackend) async throws -> BatchOutcome {
    var settings = ThumbnailSettings()
    settings.sizes = [ThumbnailSize(side: 256)!]
    var job = BatchJob(inputs: [folder], outputFolder: output, outputFormat: .jpeg, settings: settings)
    job.reportPath = output + "-report.jsonl"
    let plan = try job.plan()
    print("\(plan.imageCount) images to make")

    return try await job.run(plan, on: device) { results in
        for await result in results {
            switch result.outcome {
            case .written(let files):
                print("wrote", files.map(\.path))
            case .failed(let error):
                print(result.failureMessage ?? error.reason)
            case .skipped, .interrupted:
                break
            }
        }
    }
}

/// Runs the batch in a task of its own, as an app does, and stops it when `stop` says so.
func thumbnailsUntilStopped(stop: AsyncStream<Void>) async throws -> BatchOutcome {
    let device = try DeviceSelector.select(.auto).backend
    let batch = Task { try await makeThumbnails(of: "photos", into: "thumbs", on: device) }
    for await _ in stop {
        batch.cancel()
        break
    }
    let outcome = try await batch.value
    print("\(outcome.counts.ok) written, \(outcome.counts.interrupted) not finished")
    return outcome
}
// doc: end

import Foundation
import Testing
import TestSupport

/// The article's example (Sources/GPUOps/GPUOps.docc/RunningABatch.md), compiled here as a
/// user's program would be, and run over real files.
@Suite("Running a batch article", .timeLimit(.minutes(2)))
struct RunningABatchArticleTests {
    @Test("the article's block is this file's copy, line for line")
    func theArticlesCodeIsCompiledHere() throws {
        let article = try String(contentsOf: RepositoryPaths.root.appendingPathComponent(
            "Sources/GPUOps/GPUOps.docc/RunningABatch.md"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let copy = source.components(separatedBy: "// doc: RunningABatch.md, block 1\n")[1]
            .components(separatedBy: "// doc: end")[0]
        #expect(blocks == [copy])
    }

    @Test("the example thumbnails a folder and reports each failure")
    func theExampleRuns() async throws {
        let scratch = try Scratch()
        try scratch.png("photos/a.png", width: 600, height: 400)
        try scratch.write(Array("not an image".utf8), to: "photos/b.png")
        let outcome = try await makeThumbnails(of: scratch.file("photos"), into: scratch.file("thumbs"),
                                               on: CPUBackend())
        #expect(outcome.counts == BatchCounts(ok: 1, failed: 1))
        let thumbnail = try ImageDecoder.decode(contentsOf: scratch.file("thumbs/a.jpg")).image
        #expect(thumbnail.width == 256 && thumbnail.height == 256)
        #expect(scratch.contents.filter { $0.hasPrefix("thumbs") } == ["thumbs-report.jsonl", "thumbs/a.jpg"])
    }
}
