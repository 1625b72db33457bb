import ComputeDevices
@testable import GPUOps
@testable import GPUOps
import CPUCompute
import Foundation
@testable import SystemIO
import Synchronization
import Testing
import TestSupport

/// No record says "ok" ahead of the disk: for every output, its data flush, then its rename,
/// then a flush of its folder begun after the rename and finished, then the record. Checked
/// on the order of the calls themselves (`RecordingDurabilityCalls`), not on timing.
@Suite("Durability order", .timeLimit(.minutes(2)))
struct DurabilityOrderTests {
    typealias Event = RecordingDurabilityCalls.Event

    /// Checks, for the result noted as `reported <index>` in `events`, that each output was
    /// flushed, renamed, and its folder flushed after the rename, all before the note.
    static func expectDurableBeforeReported(_ result: BatchItemResult, in events: [Event]) {
        guard let reported = events.firstIndex(of: .note("reported \(result.index)")) else {
            Issue.record("result \(result.index) was never reported")
            return
        }
        for output in result.item.outputs {
            let folder = PathSplit(output).folder
            guard let data = events.firstIndex(of: .dataSync(output)),
                  let renamed = events.firstIndex(of: .rename(output)) else {
                Issue.record("\(output): no data flush or rename\n\(events)")
                continue
            }
            #expect(data < renamed, "\(output): data flushed before the rename")
            // A flush of the folder begun after the rename and done before the report.
            let begun = events.indices.first { $0 > renamed && events[$0] == .folderSyncBegun(folder) }
            let done = begun.flatMap { begun in events.indices.first { $0 > begun && events[$0] == .folderSynced(folder) } }
            #expect(done.map { $0 < reported } == true,
                    "\(output): renamed at event \(renamed), reported at \(reported), folder flushed \(String(describing: begun))–\(String(describing: done))\n\(events)")
        }
    }

    static func settings() -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 24)!, ThumbnailSize(side: 12)!]
        settings.glitch = nil
        return settings
    }

    /// Items over the samples, their two sizes in two folders, plus an empty (failing) input.
    static func items(in folder: Scratch, count: Int) -> [BatchItem] {
        let samples = ["chelsea.jpg", "coffee.jpg", "astronaut.jpg", "chelsea.png"]
        var items = (0..<count).map { i in
            BatchItem(source: .file(RepositoryPaths.sample(samples[i % samples.count])),
                      outputs: [folder.file("large/\(i).png"), folder.file("small/\(i).png")], format: .png)
        }
        _ = FileManager.default.createFile(atPath: folder.file("empty.png"), contents: Data())
        items.insert(BatchItem(source: .file(folder.file("empty.png")),
                               outputs: [folder.file("large/empty.png"), folder.file("small/empty.png")], format: .png),
                     at: count / 2)
        return items
    }

    @Test("a batch: each output's data flush < its rename < a flush of its folder < its result")
    func batchOrder() throws {
        let folder = try Scratch()
        let calls = RecordingDurabilityCalls()
        let runner = BatchRunner(backend: CPUBackend(), settings: Self.settings(), workers: 2,
                                 fallback: CPUFallback.singleThreaded(), calls: calls)
        let summary = runner.run(Self.items(in: folder, count: 12)) { result in calls.note("reported \(result.index)") }
        #expect(summary.ok == 12 && summary.failed == 1)
        let events = calls.events
        for result in summary.results where result.status == .ok {
            Self.expectDurableBeforeReported(result, in: events)
        }
        let failed = try #require(summary.results.first { $0.status == .failed })
        #expect(failed.errorLine == "\(folder.file("empty.png")): empty input (0 bytes)")
        // Each folder flush covers what was renamed before it: never more flushes than renames.
        let flushes = events.count { if case .folderSyncBegun = $0 { true } else { false } }
        #expect(flushes >= 2 && flushes <= 24, "\(flushes) folder flushes for 24 renames")
    }

    @Test("a folder that cannot be flushed fails the images written into it, saying why; the others are ok")
    func failedFolderFlush() throws {
        let folder = try Scratch()
        let calls = RecordingDurabilityCalls(failingFolders: [folder.file("bad")])
        var settings = Self.settings()
        settings.sizes = [ThumbnailSize(side: 16)!]
        let items = (0..<6).map { i in
            BatchItem(source: .file(RepositoryPaths.sample("coffee.jpg")),
                      output: folder.file("\(i % 2 == 0 ? "good" : "bad")/\(i).jpg"), format: .jpeg)
        }
        let runner = BatchRunner(backend: CPUBackend(), settings: settings, workers: 2,
                                 fallback: CPUFallback.singleThreaded(), calls: calls)
        let summary = runner.run(items) { result in calls.note("reported \(result.index)") }
        #expect(summary.ok == 3 && summary.failed == 3)
        for result in summary.results {
            if result.index % 2 == 0 {
                #expect(result.status == .ok)
                Self.expectDurableBeforeReported(result, in: calls.events)
            } else {
                #expect(result.status == .failed)
                #expect(result.errorLine == "\(RepositoryPaths.sample("coffee.jpg")): \(folder.file("bad")): fsync: "
                        + "Input/output error (written, but it may not survive a power cut)")
            }
        }
    }

    // MARK: The barrier alone

    /// An ok result writing `outputs`.
    static func written(_ index: Int, _ outputs: [String]) -> BatchItemResult {
        BatchItemResult(index: index, item: BatchItem(source: .file("in/\(index).png"), outputs: outputs, format: .png),
                        status: .ok)
    }

    /// Work the barrier schedules, kept for the test to run when it chooses (no clock).
    final class ManualSchedule: Sendable {
        private let pending = Mutex<[(seconds: Double, work: @Sendable () -> Void)]>([])
        func schedule(_ seconds: Double, _ work: @escaping @Sendable () -> Void) { pending.withLock { $0.append((seconds, work)) } }
        var delays: [Double] { pending.withLock { $0.map(\.seconds) } }
        /// Runs the `index`th work scheduled.
        func run(_ index: Int) { pending.withLock { $0[index].work }() }
    }

    @Test("a group of records is released after one flush per folder, in order, when full or at its deadline; a failure passes at once")
    func grouping() throws {
        let folder = try Scratch()
        for name in ["f0", "f1"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true) }
        let calls = RecordingDurabilityCalls()
        let deadlines = ManualSchedule()
        let barrier = DurabilityBarrier(calls: calls, groupSize: 3, maxDelay: 0.25, schedule: deadlines.schedule) {
            calls.note("released \($0.index) \($0.status)")
        }
        #expect(barrier.flush().isEmpty)
        #expect(calls.events.isEmpty, "nothing held: no flush")
        for i in 0..<7 { barrier.hold(Self.written(i, [folder.file("f\(i % 2)/\(i).png")])) }
        var failure = Self.written(7, [folder.file("f0/7.png")])
        failure.status = .failed
        barrier.hold(failure)
        let f0 = folder.file("f0"), f1 = folder.file("f1")
        var expected: [Event] = [
            .folderSyncBegun(f0), .folderSynced(f0), .folderSyncBegun(f1), .folderSynced(f1),
            .note("released 0 ok"), .note("released 1 ok"), .note("released 2 ok"),
            .folderSyncBegun(f1), .folderSynced(f1), .folderSyncBegun(f0), .folderSynced(f0),
            .note("released 3 ok"), .note("released 4 ok"), .note("released 5 ok"),
            .note("released 7 failed"),
        ]
        #expect(calls.events == expected)
        #expect(barrier.heldCount == 1)
        #expect(deadlines.delays == [0.25, 0.25, 0.25], "one deadline per group, set by its first record")
        deadlines.run(0)
        deadlines.run(1)
        #expect(calls.events == expected, "the deadlines of groups flushed when full do nothing")
        deadlines.run(2)
        expected += [.folderSyncBegun(f0), .folderSynced(f0), .note("released 6 ok")]
        #expect(calls.events == expected)
        #expect(barrier.heldCount == 0)
    }

    @Test("a failed folder flush fails only the records with an output in that folder, and is returned")
    func failedFlushInBarrier() throws {
        let folder = try Scratch()
        for name in ["good", "bad"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true) }
        let calls = RecordingDurabilityCalls(failingFolders: [folder.file("bad")])
        let released = Mutex<[BatchItemResult]>([])
        let barrier = DurabilityBarrier(calls: calls, groupSize: 10, maxDelay: 1, schedule: { _, _ in }) { result in
            released.withLock { $0.append(result) }
        }
        barrier.hold(Self.written(0, [folder.file("good/0.png")]))
        barrier.hold(Self.written(1, [folder.file("good/1.png"), folder.file("bad/1.png")]))
        barrier.hold(Self.written(2, [folder.file("good/2.png")]))
        let failures = barrier.flush()
        #expect(failures == [SystemCallError("fsync", path: folder.file("bad"), errno: .ioError)])
        let results = released.withLock { $0 }
        #expect(results.map(\.index) == [0, 1, 2])
        #expect(results.map(\.status) == [.ok, .failed, .ok])
        #expect(results[1].errorLine == "in/1.png: \(folder.file("bad")): fsync: Input/output error (written, but it may not survive a power cut)")
    }
}
