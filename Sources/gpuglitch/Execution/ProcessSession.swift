import ArgumentParser
import Foundation
import GPUOps

/// One run of `gpuglitch process`: select the device, find the inputs, plan the outputs,
/// run the batch with progress and interrupt handling, then print the summary and write
/// the report. Returns the exit status.
struct ProcessSession {
    let command: ProcessCommand

    func run() throws -> ExitCode {
        let settings = try command.image.settings()
        let shard = try command.shardSpec()
        // Device first: a missing device is exit 3 before any work or output.
        let selection = command.dryRun ? nil : try command.device.select(quiet: command.quiet)

        var arguments = command.inputs
        for list in command.lists {
            arguments += try InputListReader.read(list)
        }
        var discovery = InputDiscovery()
        if case .directory(let identity) = FileSystem.kind(of: command.output) {
            discovery.excludedFolders = [identity]
        }
        let planner = BatchPlanner(
            naming: OutputNaming(folder: command.output, fixedFormat: command.image.format.fixedFormat),
            shard: shard, skipExisting: command.skipExisting)
        let plan = planner.plan(discovery.discover(arguments))

        guard let selection else {
            return DryRunPrinter.print(plan)
        }
        // Output sub-folders are made by the runner's atomic writer as each file is written,
        // so a batch whose inputs all fail leaves no empty folders behind.

        let display = ProgressDisplay(mode: ProgressDisplay.mode(quiet: command.quiet),
                                      total: plan.count(where: \.isProcessed))
        for input in plan {
            if case .fail(let message) = input.action { display.error(message) }
        }
        // Temporary files that killed runs left in the output folders go first.
        let outputFolders = Set(plan.lazy.filter(\.isProcessed).compactMap(\.output)
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        let staleRemoved = StaleTemporaryFiles.sweep(outputFolders)
        // A .jsonl report is opened before the batch and written as it goes.
        var stream: ReportStream? = nil
        if let reportPath = command.report, ReportStream.isJSONLines(reportPath) {
            do {
                stream = try ReportStream(path: reportPath)
            } catch {
                Console.error("gpuglitch: --report: \(error)\n")
                return ExitStatus.someInputsFailed
            }
            for input in plan { if let record = BatchReport.ImageRecord(unprocessed: input) { stream?.append(record) } }
        }
        let summary = runBatch(plan, backend: selection.backend, settings: settings, display: display, stream: stream)
        let outcome = BatchOutcome(plan: plan, summary: summary)

        if !command.quiet {
            var line = outcome.summaryLine(device: selection.backend.name)
            line.staleTemporaryFilesRemoved = staleRemoved
            Console.error(line.text + "\n")
        }
        var status = outcome.exitStatus
        if let reportPath = command.report {
            let report = outcome.report(device: selection.backend.name,
                                        settings: ReportSettings(settings, format: command.image.format,
                                                                 jobs: command.workerCount),
                                        shard: shard)
            do {
                if let stream {
                    for record in outcome.records where record.status == .interrupted { stream.append(record) }
                    try stream.finish(report)
                } else {
                    try ReportFile.write(report, to: reportPath)
                }
            } catch {
                Console.error("gpuglitch: --report: \(error)\n")
                if status == ExitStatus.success { status = ExitStatus.someInputsFailed }
            }
        }
        return status
    }

    /// Runs the inputs to process through a `BatchRunner`, with SIGINT/SIGTERM cancelling
    /// it. Returns nil when there was nothing to process.
    private func runBatch(_ plan: [PlannedInput], backend: any ComputeBackend,
                          settings: ThumbnailSettings, display: ProgressDisplay, stream: ReportStream?) -> BatchSummary? {
        let processed = plan.filter(\.isProcessed)
        let items = processed.compactMap { input -> BatchItem? in
            if case .process(let item) = input.action { return item }
            return nil
        }
        guard !items.isEmpty else { return nil }
        let runner = BatchRunner(backend: backend, settings: settings, workers: command.workerCount)
        let trap = InterruptTrap { _ in runner.cancel() }
        defer { trap.remove() }
        display.start()
        let summary = runner.run(items) { result in
            let message = result.status == .failed ? (result.error ?? "\(result.item.source): failed") : nil
            display.record(failedWith: message)
            stream?.append(BatchReport.ImageRecord(result, input: processed[result.index]))
        }
        display.finish()
        return summary
    }
}
