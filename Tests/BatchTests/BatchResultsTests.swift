import Foundation
import GPUOps
import ImageCodecs
import Synchronization
import Testing
import TestSupport

/// A batch run as a Swift program runs one: planned, run with `async` `BatchJob.run`, its
/// results read from the `BatchResults` sequence as they come, and cancelled by cancelling
/// the task.
@Suite("Batch results", .timeLimit(.minutes(2)))
struct BatchResultsTests {
    static func settings() -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = ["48", "40x24"].compactMap(ThumbnailSize.init)
        settings.glitch = nil
        return settings
    }

    @Test("every input's typed result arrives in the sequence; written outputs equal a direct render")
    func everyInputsResult() async throws {
        let scratch = try Scratch()
        let samples = ["chelsea.png", "coffee.jpg", "astronaut.png"].map(RepositoryPaths.sample)
        let broken = try scratch.write(Array("not an image".utf8), to: "in/broken.png")
        let missing = scratch.file("in/missing.png")
        var job = BatchJob(inputs: samples + [broken, missing], outputFolder: scratch.file("out"), outputFormat: .png,
                           settings: Self.settings())
        job.workers = 2
        let plan = try job.plan()
        #expect(plan.imageCount == 4)

        var results: [String: BatchInputResult] = [:]
        let outcome = try await job.run(plan, on: CPUBackend()) { sequence in
            for await result in sequence {
                #expect(results.updateValue(result, forKey: result.input) == nil, "one result per input")
            }
        }
        #expect(outcome.counts == BatchCounts(ok: 3, failed: 2))
        #expect(!outcome.cancelled)
        #expect(Set(results.keys) == Set(samples + [broken, missing]))

        let pipeline = ThumbnailPipeline(settings: Self.settings())
        for sample in samples {
            let result = try #require(results[sample])
            let stem = URL(fileURLWithPath: sample).deletingPathExtension().lastPathComponent
            #expect(result.outputs == [scratch.file("out/\(stem)_48.png"), scratch.file("out/\(stem)_40x24.png")])
            guard case .written(let saved) = result.outcome else {
                Issue.record("\(sample): \(result.outcome)")
                continue
            }
            #expect(result.failureMessage == nil && result.error == nil)
            #expect(saved.map(\.path) == result.outputs)
            // The same image rendered directly, size by size.
            let decoded = try pipeline.decode.decode(contentsOf: sample)
            let rendered = try pipeline.render(decoded, on: CPUBackend())
            for (file, expected) in zip(saved, rendered) {
                let bytes = try ImageFileReader.readAll(path: file.path)
                #expect(bytes.count == file.byteCount)
                let written = try ImageDecoder.decode(contentsOf: file.path).image
                #expect(written.width == file.width && written.height == file.height)
                #expect(written == expected, "\(file.path)")
            }
        }

        let brokenResult = try #require(results[broken])
        guard case .failed(.decodeFailed(let decodeError)) = brokenResult.outcome else {
            Issue.record("broken input: \(brokenResult.outcome)")
            return
        }
        #expect(decodeError.reason == .unrecognisedFormat(leadingBytes: Array("not an i".utf8)))
        #expect(brokenResult.failureMessage == "\(broken): \(decodeError.reason)")
        #expect(brokenResult.outputs == [scratch.file("out/broken_48.png"), scratch.file("out/broken_40x24.png")])

        let missingResult = try #require(results[missing])
        guard case .failed(.notPlanned(let message)) = missingResult.outcome else {
            Issue.record("missing input: \(missingResult.outcome)")
            return
        }
        #expect(message.hasPrefix("\(missing): "))
        #expect(missingResult.failureMessage == message)
        #expect(scratch.contents.filter { $0.hasPrefix("out/") }.count == 6)
    }

    /// What a main-actor program (an app's view model) keeps.
    @MainActor final class Progress {
        var written = 0
        var failed: [String] = []
    }

    @MainActor
    @Test("a main-actor program reads the results on the main actor and updates its own state")
    func readOnTheMainActor() async throws {
        let scratch = try Scratch()
        try scratch.png("in/a.png")
        try scratch.write(Array("not an image".utf8), to: "in/b.png")
        let job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), outputFormat: .png,
                           settings: Self.settings())
        let progress = Progress()
        let outcome = try await job.run(try job.plan(), on: CPUBackend()) { results in
            for await result in results {
                MainActor.assertIsolated()
                if let message = result.failureMessage { progress.failed.append(message) } else { progress.written += 1 }
            }
        }
        #expect(outcome.counts == BatchCounts(ok: 1, failed: 1))
        #expect(progress.written == 1)
        #expect(progress.failed.count == 1 && progress.failed[0].hasPrefix("\(scratch.file("in/b.png")): "))
    }

    /// Holds the first ended image's observer call until `open()`: the batch's commits and
    /// releases wait behind it, so however slow the machine, no more images start before the
    /// test's cancel lands than the runner's bounds allow: the records of one folder flush
    /// (`recordGroup`, 32, the first one's among them) plus the uncommitted images
    /// (`workers` + 32).
    final class FirstImageGate: BatchObserver {
        private let opened = DispatchSemaphore(value: 0)
        private let first = Mutex(true)

        func imageEnded(_ result: BatchInputResult) {
            let isFirst = first.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            if isFirst { opened.wait() }
        }

        func open() { opened.signal() }
    }

    @Test("cancelling the task after the first result: images in flight end, every ok output is there, nothing partial")
    func cancelAfterFirstResult() async throws {
        let scratch = try Scratch()
        let image = try scratch.png("template.png", width: 64, height: 48)
        let bytes = try ImageFileReader.readAll(path: image)
        let count = 80
        for i in 0..<count { try scratch.write(bytes, to: "in/\(i).png") }
        var job = BatchJob(inputs: [scratch.file("in")], outputFolder: scratch.file("out"), outputFormat: .png,
                           settings: Self.settings())
        job.workers = 1
        job.reportPath = scratch.file("report.json")
        let plan = try job.plan()
        let gate = FirstImageGate()
        let (firstResult, signalFirst) = AsyncStream.makeStream(of: Void.self)
        let batch = Task { [job] in
            var collected: [BatchInputResult] = []
            let outcome = try await job.run(plan, on: CPUBackend(), observer: gate) { results in
                for await result in results {
                    collected.append(result)
                    signalFirst.finish()
                }
            }
            return (outcome, collected)
        }
        // The sequence's first result, then the cancel, then the batch may go on.
        for await _ in firstResult {}
        batch.cancel()
        gate.open()
        let (outcome, results) = try await batch.value

        #expect(outcome.cancelled)
        #expect(results.count == count, "every input has a result")
        let written = results.filter { if case .written = $0.outcome { true } else { false } }
        let interrupted = results.filter { if case .interrupted = $0.outcome { true } else { false } }
        #expect(written.count + interrupted.count == count)
        let mostStartedBeforeTheCancel = 32 + (job.workers + 32)
        #expect(written.count >= 1 && interrupted.count >= count - mostStartedBeforeTheCancel)
        #expect(outcome.counts == BatchCounts(ok: written.count, interrupted: interrupted.count))
        // Every output reported written is there, whole; nothing else is (no temporary file, no
        // output of an interrupted input).
        for result in written {
            for file in result.written {
                #expect(try ImageFileReader.readAll(path: file.path).count == file.byteCount)
                #expect(try ImageDecoder.decode(contentsOf: file.path).image.width == file.width)
            }
        }
        let expected = Set(written.flatMap(\.outputs))
        #expect(Set(scratch.contents.filter { $0.hasPrefix("out/") }.map(scratch.file)) == expected)
        let report = try JSONDecoder().decode(BatchReport.self, from: Data(scratch.text("report.json").utf8))
        #expect(report.interrupted && report.totals.interrupted == interrupted.count)
    }
}
