import Foundation
import GPUOps
import Testing

/// The article's example (Sources/GPUOps/GPUOps.docc/RunningABatch.md, compiled here from the
/// page by scripts/doc-snippets.py as a user's program, public API only), run over real files.
@Suite("Running a batch article", .timeLimit(.minutes(2)))
struct RunningABatchArticleTests {
    @Test("the example thumbnails a folder and reports each failure")
    func theExampleRuns() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gpuglitch-article-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/photos", withIntermediateDirectories: true)
        var pixels: [UInt8] = []
        for y in 0..<400 {
            for x in 0..<600 { pixels += [UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), 128, 255] }
        }
        let png = try ImageEncoder.encode(HostImage(width: 600, height: 400, pixels: pixels), as: .png)
        try Data(png).write(to: URL(fileURLWithPath: root + "/photos/a.png"))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: root + "/photos/b.png"))

        let outcome = try await RunningABatchPage.makeThumbnails(of: root + "/photos", into: root + "/thumbs",
                                                                 on: CPUBackend(threads: 1))
        #expect(outcome.counts.ok == 1 && outcome.counts.failed == 1 && !outcome.cancelled)
        let thumbnail = try ImageDecoder.decode(contentsOf: root + "/thumbs/a.jpg").image
        #expect(thumbnail.width == 256 && thumbnail.height == 256)
        let made = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasPrefix("thumbs") }.sorted()
        #expect(made == ["thumbs", "thumbs-report.jsonl", "thumbs/a.jpg"])
    }
}
