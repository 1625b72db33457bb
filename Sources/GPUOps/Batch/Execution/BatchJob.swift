import ComputeDevices
import Foundation
import SystemIO

/// A batch as `gpuglitch process` runs it, for Swift programs: inputs (files, folders, URLs,
/// list files) → a plan (output names, duplicates, collisions, shard, existing outputs) → the
/// pipelined runner → a report, with nothing per input held in memory. The one way to run a
/// batch; the article "Running a batch" walks through it.
///
///     var job = BatchJob(inputs: ["photos/"], outputFolder: "thumbs", settings: ThumbnailSettings())
///     job.reportPath = "thumbs/report.jsonl"
///     let plan = try job.plan()
///     let outcome = try await job.run(plan, on: try DeviceSelector.select(.auto).backend) { results in
///         for await result in results where result.error != nil { print(result.failureMessage ?? "") }
///     }
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
    package var outputTemplate: OutputTemplate { template ?? .standard(forSizes: settings.sizes.count) }
    /// Images in flight at once, each on a CPU thread of its own for decoding and encoding.
    public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Threads one image's work uses when it runs on the CPU: when `run` is given the CPU
    /// backend (the batch then makes CPU backends of this many threads) and for an image a
    /// device has no memory for. 1 by default: the batch already keeps `workers` images in
    /// flight, one per core, and splitting each image's rows over threads as well only adds
    /// hand-offs. More helps a batch of few, large images with few `workers`.
    public var cpuThreadsPerImage = 1
    /// Which images run on the device `run` is given and which on CPU backends beside it, with
    /// the same bytes: `.all` by default; `gpuglitch process --device auto` uses `.measured`.
    public var deviceShare: DeviceShare = .all
    /// Every this many images, the batch gives freed heap memory back to the system
    /// (`malloc_trim`, where the C library has it); nil: never. 32 by default: a long batch's
    /// memory stays flat for a small cost in page faults (docs/BENCHMARKS.md); nil suits a
    /// short batch or a program that manages its heap itself.
    public var heapTrimInterval: Int? = HeapTrimmer.standardInterval
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
    /// one input to one path, a `BatchSetupError`, before any input is looked at; an
    /// unreadable list file, a failing temporary folder); a bad input is a planned failure.
    public func plan() throws -> BatchPlan {
        var discovery = InputDiscovery()
        if case .directory(let identity) = FileSystem.kind(of: outputFolder) {
            discovery.excludedFolders = [identity]
        }
        try outputTemplate.validate(sizes: settings.sizes, fit: settings.fit, enlarges: settings.enlarges)
        let naming = OutputNaming(folder: outputFolder, fixedFormat: outputFormat, sizes: settings.sizes,
                                  template: outputTemplate, fit: settings.fit, enlarges: settings.enlarges)
        let planner = BatchPlanner(naming: naming, shard: shard, skipExisting: skipExisting)
        return try planner.plan { emit in
            try discovery.discover(inputs, into: emit)
            for list in inputLists {
                try InputListReader.forEachInput(in: list) { try discovery.discover(argument: $0, into: emit) }
            }
        }
    }

    /// Runs `plan` on `backend`: removes what killed runs left in the output folders, opens
    /// the report (an unwritable report path throws `BatchSetupError.report` before any image),
    /// processes every planned image, records every input, and finishes the report.
    ///
    /// `results`, when given, runs beside the batch, on the caller's actor (`isolation`: a
    /// main-actor program may update its views from it), and gets every input's result as it
    /// ends (`BatchResults`); `run` returns once both the batch and `results` are done. An
    /// error `results` throws cancels the batch and is rethrown.
    ///
    /// Cancelling the task that awaits `run` cancels the batch: no new image starts, the images
    /// in flight end without writing anything (an output is renamed into place whole or not
    /// at all), the inputs not finished are recorded `interrupted`, and `run` returns normally
    /// with `cancelled` set and the report finished.
    public func run(_ plan: BatchPlan, on backend: any ComputeBackend, isolation: isolated (any Actor)? = #isolation,
                    results: ((BatchResults) async throws -> Void)? = nil) async throws -> BatchOutcome {
        try await run(plan, on: backend, observer: nil, results: results)
    }

    /// `run(_:on:isolation:results:)` with an observer that hears of every event as it happens,
    /// from the batch's threads (the CLI's progress display).
    package func run(_ plan: BatchPlan, on backend: any ComputeBackend, observer: (any BatchObserver)?,
                     isolation: isolated (any Actor)? = #isolation,
                     results: ((BatchResults) async throws -> Void)? = nil) async throws -> BatchOutcome {
        guard let results else { return try await execute(plan, on: backend, observer: observer, results: nil) }
        let channel = ResultChannel()
        return try await withThrowingTaskGroup(of: BatchOutcome.self) { group in
            group.addTask { try await execute(plan, on: backend, observer: observer, results: channel) }
            do {
                try await results(ResultSequence(channel))
            } catch {
                group.cancelAll()
                throw error
            }
            // The one child returns the outcome or throws; `next()` is nil only for an empty group.
            guard let outcome = try await group.next() else { throw CancellationError() }
            return outcome
        }
    }

    /// The batch itself; `results` gets each input's result and is finished when it returns.
    private func execute(_ plan: BatchPlan, on backend: any ComputeBackend, observer: (any BatchObserver)?,
                         results: ResultChannel?) async throws -> BatchOutcome {
        defer { results?.finish() }
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
                throw BatchSetupError.report(error)
            }
        }
        let recorder = BatchRecorder(observer: observer, lines: lines, document: document, results: results,
                                     sizes: settings.sizes)
        let runner = BatchRunner(device: backend, settings: settings, workers: workers,
                                 cpuThreadsPerImage: cpuThreadsPerImage, deviceShare: deviceShare,
                                 heapTrimInterval: heapTrimInterval,
                                 calls: durabilityCalls)
        let summary: BatchSummary
        do {
            // The runner blocks its thread while it waits for free slots: a thread of its own,
            // not one of the tasks' few. A cancel reaching the task cancels the runner, even
            // one not started yet (it then starts nothing).
            summary = try await withTaskCancellationHandler {
                try await Self.onThreadOfItsOwn {
                    try Self.stream(plan, through: runner, recorder: recorder, observer: observer)
                }
            } onCancel: {
                runner.cancel()
            }
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
                outcome.reportFailure = error
            }
        }
        return outcome
    }

    /// Runs `work` on a new thread and waits for it without holding a thread of the caller's.
    private static func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
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

/// How a batch ended.
public struct BatchOutcome: Sendable {
    public package(set) var counts: BatchCounts
    /// Wall time of the processing run.
    public package(set) var seconds: Double
    /// Whether cancelling the task stopped it before every input was done.
    public package(set) var cancelled: Bool
    /// Host↔device image copies (none on the CPU).
    public package(set) var uploads: Int
    public package(set) var downloads: Int
    /// Temporary files of killed runs removed from the output folders before this one.
    package var staleTemporaryFilesRemoved: Int
    /// The report could not be finished (the images were processed).
    public package(set) var reportFailure: SystemCallError?

    /// `ok / seconds` (0 when nothing ran).
    public var imagesPerSecond: Double { seconds > 0 ? Double(counts.ok) / seconds : 0 }
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
