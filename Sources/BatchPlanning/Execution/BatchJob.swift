import ComputeDevices
import Foundation
import GPUOps
import SystemIO

/// A batch as `gpuglitch process` runs it, for Swift programs: inputs (files, folders, URLs,
/// list files) → a plan (output names, duplicates, collisions, shard, existing outputs) → the
/// pipelined runner → a report, with nothing per input held in memory.
///
///     var job = BatchJob(inputs: ["photos/"], outputFolder: "thumbs", settings: ThumbnailSettings())
///     job.reportPath = "thumbs/report.jsonl"
///     let plan = try job.plan()
///     let outcome = try job.run(plan, on: try DeviceSelector.select(.auto).backend)
///     print(outcome.counts.ok, "written")
public struct BatchJob: Sendable {
    /// Files, folders (searched recursively) and http(s) URLs, in order.
    public var inputs: [String]
    /// Files listing one input a line (`-`: standard input), read after `inputs`.
    public var inputLists: [String] = []
    public var outputFolder: String
    /// The format every output is written in; nil keeps each input's own (by its name).
    public var outputFormat: ImageFormat?
    public var settings: ThumbnailSettings
    /// This process's slice of a batch split over several; nil: every input.
    public var shard: ShardSpec?
    /// Inputs all of whose outputs already exist are skipped (and reported `skipped`); an
    /// input with some missing is made again whole.
    public var skipExisting = false
    /// Where each output goes under `outputFolder`; by default `{dir}/{stem}.{ext}` for one
    /// size entry and `{dir}/{stem}_{size}.{ext}` for several.
    public var template: OutputTemplate?

    /// The template in force: `template`, or the default for the number of sizes.
    public var outputTemplate: OutputTemplate { template ?? .standard(forSizes: settings.sizes.count) }
    /// CPU threads for decoding and encoding.
    public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// `.json` (written whole, at the end, by rename) or `.jsonl` (a line as each input ends).
    public var reportPath: String?
    /// The flushes and renames that make outputs durable (a test records or fails them).
    package var durabilityCalls: any DurabilityCalls = SystemDurabilityCalls()

    public init(inputs: [String], outputFolder: String, outputFormat: ImageFormat? = nil,
                settings: ThumbnailSettings = ThumbnailSettings()) {
        self.inputs = inputs
        self.outputFolder = outputFolder
        self.outputFormat = outputFormat
        self.settings = settings
    }

    /// Finds the inputs and plans them. The output folder itself is never scanned as input.
    /// Throws only when the plan cannot be made at all (a template that sends two outputs of
    /// one input to one path, an `OutputTemplateError`, before any input is looked at; an
    /// unreadable list file, a failing temporary folder); a bad input is a planned failure.
    public func plan() throws -> BatchPlan {
        var discovery = InputDiscovery()
        if case .directory(let identity) = FileSystem.kind(of: outputFolder) {
            discovery.excludedFolders = [identity]
        }
        try outputTemplate.validate(sizes: settings.sizes)
        let naming = OutputNaming(folder: outputFolder, fixedFormat: outputFormat, sizes: settings.sizes,
                                  template: outputTemplate)
        let planner = BatchPlanner(naming: naming, shard: shard, skipExisting: skipExisting)
        return try planner.plan { emit in
            try discovery.discover(inputs, into: emit)
            for list in inputLists {
                try InputListReader.forEachInput(in: list) { try discovery.discover(argument: $0, into: emit) }
            }
        }
    }

    /// Runs `plan` on `backend`: removes what killed runs left in the output folders, opens
    /// the report (an unwritable report path throws `BatchReportError` before any image),
    /// processes every planned image, records every input, and finishes the report.
    /// `started` receives the running batch as soon as it can be cancelled (a signal handler
    /// calls `cancel()`); inputs a cancel kept from starting are recorded `interrupted`.
    public func run(_ plan: BatchPlan, on backend: any ComputeBackend, observer: (any BatchObserver)? = nil,
                    started: (RunningBatch) -> Void = { _ in }) throws -> BatchOutcome {
        let staleRemoved = StaleTemporaryFiles.sweep(plan.outputFolders)
        var lines: ReportStream?
        var document: JSONReportWriter?
        if let reportPath {
            do {
                if ReportStream.isJSONLines(reportPath) {
                    lines = try ReportStream(path: reportPath)
                } else {
                    document = try JSONReportWriter(path: reportPath, device: backend.name)
                }
            } catch {
                throw BatchReportError(error)
            }
        }
        let recorder = BatchRecorder(observer: observer, lines: lines, document: document, sizes: settings.sizes)
        let runner = BatchRunner(backend: backend, settings: settings, workers: workers,
                                 fallback: CPUFallback.singleThreaded(), calls: durabilityCalls)
        started(RunningBatch(runner: runner))
        let summary: BatchSummary
        do {
            summary = try Self.stream(plan, through: runner, recorder: recorder, observer: observer)
        } catch {
            document?.abandon()
            throw error
        }
        let counts = recorder.counts
        var outcome = BatchOutcome(counts: counts, seconds: summary.seconds, cancelled: summary.cancelled,
                                   uploads: summary.uploads, downloads: summary.downloads,
                                   staleTemporaryFilesRemoved: staleRemoved)
        if reportPath != nil {
            let report = BatchReport(
                device: backend.name,
                settings: ReportSettings(settings, format: outputFormat?.rawValue ?? "keep", jobs: workers),
                images: [],
                totals: .init(ok: counts.ok, failed: counts.failed, skipped: counts.skipped,
                              interrupted: counts.interrupted, seconds: summary.seconds,
                              imagesPerSecond: outcome.imagesPerSecond),
                transfers: .init(uploads: summary.uploads, downloads: summary.downloads),
                shard: shard?.description, interrupted: summary.cancelled)
            do {
                try lines?.finish(report)
                try document?.finish(report)
            } catch {
                outcome.reportFailure = BatchReportError(error)
            }
        }
        return outcome
    }

    /// The plan through the runner, each input recorded as it ends; after a cancel, the
    /// inputs not started.
    private static func stream(_ plan: BatchPlan, through runner: BatchRunner, recorder: BatchRecorder,
                               observer: (any BatchObserver)?) throws -> BatchSummary {
        let cursor = PlanCursor(plan.makeIterator())
        observer?.batchStarted()
        let items = ItemFeed(cursor: cursor, recorder: recorder)
        let summary = runner.stream(items, onResult: recorder.finished, onAbandoned: recorder.abandoned)
        while let input = cursor.next() {
            _ = recorder.planned(input, interrupted: true)
        }
        observer?.batchEnded()
        if let failure = cursor.failure { throw failure }
        return summary
    }
}

/// A batch while it runs: what a signal handler or another thread may do to it.
public struct RunningBatch: Sendable {
    package let runner: BatchRunner

    /// Starts no more images and cancels those in flight (their files are not written);
    /// `run` then records the rest as `interrupted` and returns.
    public func cancel() { runner.cancel() }
}

/// How a batch ended.
public struct BatchOutcome: Sendable {
    public var counts: BatchCounts
    /// Wall time of the processing run.
    public var seconds: Double
    /// Whether `cancel()` stopped it.
    public var cancelled: Bool
    /// Host↔device image copies (none on the CPU).
    public var uploads: Int
    public var downloads: Int
    /// Temporary files of killed runs removed from the output folders before this one.
    public var staleTemporaryFilesRemoved: Int
    /// The report could not be finished (the images were processed).
    public var reportFailure: BatchReportError?

    /// `ok / seconds` (0 when nothing ran).
    public var imagesPerSecond: Double { seconds > 0 ? Double(counts.ok) / seconds : 0 }
}

/// The report file could not be opened or finished.
public struct BatchReportError: Error, Sendable, CustomStringConvertible {
    public let underlying: SystemCallError
    package init(_ underlying: SystemCallError) { self.underlying = underlying }
    public var description: String { underlying.description }
}

/// The plan's iterator, shared by the runner's feed and the code that records what the
/// runner did not take after a cancel.
// @unchecked: the runner reads the feed from one thread at a time, and `stream` reads the
// rest only after the runner has returned.
private final class PlanCursor: @unchecked Sendable {
    private var iterator: BatchPlan.Iterator
    package init(_ iterator: BatchPlan.Iterator) { self.iterator = iterator }
    package func next() -> PlannedInput? { iterator.next() }
    package var failure: (any Error)? { iterator.failure }
}

/// The items the runner processes, read from the plan as it asks for them; every input that
/// is not processed is recorded as the feed passes it.
private struct ItemFeed: Sequence, IteratorProtocol {
    package let cursor: PlanCursor
    package let recorder: BatchRecorder

    package mutating func next() -> BatchItem? {
        while let input = cursor.next() {
            if let item = recorder.planned(input) { return item }
        }
        return nil
    }
}
