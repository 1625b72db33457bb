import ArgumentParser
import Foundation
import GPUOps

/// One run of `gpuglitch process`: select the device, find the inputs, plan the outputs,
/// run the batch with progress and interrupt handling, then print the summary and finish
/// the report. Returns the exit status.
///
/// Memory does not grow with the number of inputs: the inputs are planned through a file
/// (`BatchPlan`), the runner reads the plan as it goes, and each input's record goes to the
/// report as the input ends (`BatchRecorder`).
struct ProcessSession {
    let command: ProcessCommand

    func run() throws -> ExitCode {
        let settings = try command.image.settings()
        let shard = try command.shardSpec()
        // Device first: a missing device is exit 3 before any work or output.
        let selection = command.dryRun ? nil : try command.device.select(quiet: command.quiet)

        var discovery = InputDiscovery()
        if case .directory(let identity) = FileSystem.kind(of: command.output) {
            discovery.excludedFolders = [identity]
        }
        let planner = BatchPlanner(
            naming: OutputNaming(folder: command.output, fixedFormat: command.image.format.fixedFormat),
            shard: shard, skipExisting: command.skipExisting)
        let plan = try planner.plan { emit in
            try discovery.discover(command.inputs, into: emit)
            for list in command.lists {
                try InputListReader.forEachInput(in: list) { try discovery.discover(argument: $0, into: emit) }
            }
        }

        guard let selection else {
            return try DryRunPrinter.print(plan)
        }
        let device = selection.backend.name
        // Output sub-folders are made by the runner's atomic writer as each file is written,
        // so a batch whose inputs all fail leaves no empty folders behind.

        let display = ProgressDisplay(mode: ProgressDisplay.mode(quiet: command.quiet), total: plan.imageCount)
        // Temporary files that killed runs left in the output folders go first.
        let staleRemoved = StaleTemporaryFiles.sweep(plan.outputFolders)
        // Both report forms are opened before the batch and written as it goes.
        var lines: ReportStream? = nil
        var document: JSONReportWriter? = nil
        if let reportPath = command.report {
            do {
                if ReportStream.isJSONLines(reportPath) {
                    lines = try ReportStream(path: reportPath)
                } else {
                    document = try JSONReportWriter(path: reportPath, device: device)
                }
            } catch {
                Console.error("gpuglitch: --report: \(error)\n")
                return ExitStatus.someInputsFailed
            }
        }
        let recorder = BatchRecorder(display: display, lines: lines, document: document)
        let summary: BatchSummary
        do {
            summary = try runBatch(plan, backend: selection.backend, settings: settings, display: display,
                                   recorder: recorder)
        } catch {
            document?.abandon()
            throw error
        }

        if !command.quiet {
            var line = recorder.summaryLine(seconds: summary.seconds, device: device, interrupted: summary.cancelled)
            line.staleTemporaryFilesRemoved = staleRemoved
            Console.error(line.text + "\n")
        }
        var status = recorder.exitStatus(interrupted: summary.cancelled)
        if command.report != nil {
            let line = recorder.summaryLine(seconds: summary.seconds, device: device, interrupted: summary.cancelled)
            let report = BatchReport(
                device: device,
                settings: ReportSettings(settings, format: command.image.format, jobs: command.workerCount),
                images: [],
                totals: .init(ok: line.written, failed: line.failed, skipped: line.skipped,
                              interrupted: line.notStarted, seconds: summary.seconds,
                              imagesPerSecond: line.imagesPerSecond),
                transfers: .init(uploads: summary.uploads, downloads: summary.downloads),
                shard: shard?.description, interrupted: summary.cancelled)
            do {
                try lines?.finish(report)
                try document?.finish(report)
            } catch {
                Console.error("gpuglitch: --report: \(error)\n")
                if status == ExitStatus.success { status = ExitStatus.someInputsFailed }
            }
        }
        return status
    }

    /// Runs the plan through a `BatchRunner`, with SIGINT/SIGTERM cancelling it; inputs
    /// an interrupt kept from starting are recorded after it.
    private func runBatch(_ plan: BatchPlan, backend: any ComputeBackend, settings: ThumbnailSettings,
                          display: ProgressDisplay, recorder: BatchRecorder) throws -> BatchSummary {
        let cursor = PlanCursor(plan.makeIterator())
        let runner = BatchRunner(backend: backend, settings: settings, workers: command.workerCount)
        let trap = InterruptTrap { _ in runner.cancel() }
        defer { trap.remove() }
        display.start()
        let items = ItemFeed(cursor: cursor, recorder: recorder)
        let summary = runner.stream(items, onResult: recorder.finished, onAbandoned: recorder.abandoned)
        while let input = cursor.next() {
            _ = recorder.planned(input, interrupted: true)
        }
        display.finish()
        if let failure = cursor.failure { throw failure }
        return summary
    }
}

/// The plan's iterator, shared by the runner's feed and the code that records what the
/// runner did not take after an interrupt.
private final class PlanCursor: @unchecked Sendable {
    private var iterator: BatchPlan.Iterator
    init(_ iterator: BatchPlan.Iterator) { self.iterator = iterator }
    func next() -> PlannedInput? { iterator.next() }
    var failure: (any Error)? { iterator.failure }
}

/// The items the runner processes, read from the plan as it asks for them; every input that
/// is not processed is recorded as the feed passes it.
private struct ItemFeed: Sequence, IteratorProtocol {
    let cursor: PlanCursor
    let recorder: BatchRecorder

    mutating func next() -> BatchItem? {
        while let input = cursor.next() {
            if let item = recorder.planned(input) { return item }
        }
        return nil
    }
}
