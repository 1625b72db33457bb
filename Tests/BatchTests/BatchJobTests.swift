import ComputeDevices
import Foundation
import GPUOps
import Testing

/// A batch planned and run through the library alone, as a Swift program would, with a report:
/// the same behaviour as `gpuglitch process` (whose end-to-end tests run the binary).
@Suite("Batch job")
struct BatchJobTests {
    final class Events: BatchObserver, @unchecked Sendable {
        // @unchecked: every field is behind `lock`.
        private let lock = NSLock()
        private var _lines: [String] = []
        var lines: [String] { lock.withLock { _lines } }
        private func add(_ line: String) { lock.withLock { _lines.append(line) } }
        func batchStarted() { add("started") }
        func inputFailedInPlanning(_ message: String) { add("planning failure: \(message)") }
        func inputSkipped(_ input: String) { add("skipped \(input)") }
        func imageEnded(_ result: BatchInputResult) {
            add(result.failureMessage.map { "failed: \($0)" } ?? "written \(result.input)")
        }
        func batchEnded() { add("ended") }
    }

    static func settings() -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 4)!]
        settings.glitch = nil
        return settings
    }

    @Test("folder in, thumbnails and a .jsonl report out; a second run with skipExisting skips them all")
    func runAndResume() async throws {
        let scratch = try Scratch()
        try scratch.png("in/a.png")
        try scratch.png("in/sub/b.png", width: 9, height: 3)
        try scratch.write(Array("not an image".utf8), to: "in/c.png")
        var job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), outputFormat: .png,
                           settings: Self.settings())
        job.workers = 2
        job.reportPath = scratch.file("report.jsonl")
        let plan = try job.plan()
        #expect(plan.imageCount == 3)
        let events = Events()
        let outcome = try await job.run(plan, on: CPUFallback.singleThreaded(), observer: events)
        #expect(outcome.counts == BatchCounts(ok: 2, failed: 1))
        #expect(!outcome.cancelled && outcome.reportFailure == nil)
        #expect(scratch.contents.filter { $0.hasPrefix("out/") } == ["out/a.png", "out/sub/b.png"])
        let a = try ImageDecoder.decode(contentsOf: scratch.file("out/a.png")).image
        #expect(a.width == 4 && a.height == 4)
        #expect(events.lines.first == "started" && events.lines.last == "ended")
        #expect(events.lines.filter { $0.hasPrefix("written ") }.sorted()
                == ["written \(scratch.file("in/a.png"))", "written \(scratch.file("in/sub/b.png"))"])
        #expect(events.lines.contains { $0.hasPrefix("failed: \(scratch.file("in/c.png")):") })

        let lines = try scratch.text("report.jsonl").split(separator: "\n")
        #expect(lines.count == 4)
        let records = try lines.dropLast().map { try JSONDecoder().decode(BatchReport.ImageRecord.self, from: Data($0.utf8)) }
        #expect(Set(records.map(\.status)) == [.ok, .failed])

        job.skipExisting = true
        job.reportPath = scratch.file("again.json")
        let again = try await job.run(job.plan(), on: CPUFallback.singleThreaded())
        #expect(again.counts == BatchCounts(ok: 0, failed: 1, skipped: 2))
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(scratch.text("again.json").utf8))
        #expect(report.images.map(\.status) == [.skipped, .failed, .skipped], "input order: a.png, c.png, sub/b.png")
        #expect(report.totals.skipped == 2 && report.totals.failed == 1)
        #expect(report.settings.size == 4 && report.settings.format == "png")
    }

    @Test("a folder that cannot be flushed: its images are recorded failed with the reason, in the counts, the observer and the .jsonl report")
    func folderFlushFails() async throws {
        let scratch = try Scratch()
        try scratch.png("in/a.png")
        try scratch.png("in/sub/b.png")
        var job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), outputFormat: .png,
                           settings: Self.settings())
        job.reportPath = scratch.file("report.jsonl")
        job.durabilityCalls = FailingFolderFlush(scratch.file("out/sub"))
        let events = Events()
        let outcome = try await job.run(try job.plan(), on: CPUFallback.singleThreaded(), observer: events)
        #expect(outcome.counts == BatchCounts(ok: 1, failed: 1))
        let reason = "\(scratch.file("in/sub/b.png")): \(scratch.file("out/sub")): fsync: Input/output error"
            + " (written, but it may not survive a power cut)"
        #expect(events.lines.sorted() == ["ended", "failed: \(reason)", "started", "written \(scratch.file("in/a.png"))"])
        let lines = try scratch.text("report.jsonl").split(separator: "\n")
        let records = try lines.dropLast().map { try JSONDecoder().decode(BatchReport.ImageRecord.self, from: Data($0.utf8)) }
        let b = try #require(records.first { $0.input == scratch.file("in/sub/b.png") })
        #expect(b.status == .failed && b.error == reason)
        #expect(records.first { $0.input == scratch.file("in/a.png") }?.status == .ok)
    }

    @Test("an unwritable report path stops the job before any image, and nothing is written")
    func unwritableReport() async throws {
        let scratch = try Scratch()
        try scratch.png("in/a.png")
        try scratch.write([1], to: "blocker")
        var job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), settings: Self.settings())
        job.reportPath = scratch.file("blocker/r.jsonl")
        let plan = try job.plan()
        await #expect(throws: BatchSetupError.self) { try await job.run(plan, on: CPUFallback.singleThreaded()) }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out")))
    }

    @Test("cancelled as it starts: every image recorded as interrupted, none written")
    func cancelled() async throws {
        let scratch = try Scratch()
        for i in 0..<5 { try scratch.png("in/\(i).png") }
        var job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), settings: Self.settings())
        job.reportPath = scratch.file("r.json")
        let plan = try job.plan()
        // The task is cancelled before `run` starts: the batch starts no image.
        let batch = Task { [job] in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await job.run(plan, on: CPUFallback.singleThreaded())
        }
        let outcome = try await batch.value
        #expect(outcome.cancelled)
        #expect(outcome.counts == BatchCounts(interrupted: 5))
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(scratch.text("r.json").utf8))
        #expect(report.interrupted && report.images.allSatisfy { $0.status == .interrupted })
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out")))
    }

    @Test("an unreadable list file is a BatchSetupError naming it")
    func unreadableList() throws {
        var job = BatchJob(inputs: [], outputFolder: "out")
        job.inputLists = ["/nonexistent/list.txt"]
        #expect(throws: BatchSetupError.inputList(list: "/nonexistent/list.txt", reason: "No such file or directory")) {
            try job.plan()
        }
    }
}
