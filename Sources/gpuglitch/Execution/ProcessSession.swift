import ArgumentParser
import GPUOps

/// One run of `gpuglitch process`: the options turned into a `BatchJob`, the device selected,
/// the plan made (and printed, for `--dry-run`), the batch run in a task with the progress
/// display and SIGINT/SIGTERM cancelling that task, then the summary line. Returns the exit
/// status.
struct ProcessSession {
    let command: ProcessCommand

    func run() async throws -> ExitCode {
        var settings = try command.image.settings()
        settings.decode = command.device.decode.mode
        var job = BatchJob(inputs: command.inputs, outputFolder: command.output,
                           outputFormat: command.image.format.fixedFormat, settings: settings)
        job.inputLists = command.lists
        job.shard = try command.shardSpec()
        job.skipExisting = command.skipExisting
        job.workers = command.workerCount
        job.deviceShare = command.deviceShare(for: try command.device.request())
        job.reportPath = command.report
        job.template = try command.naming.template(for: job.settings.sizes, fit: job.settings.fit,
                                                   enlarges: job.settings.enlarges)
        // Device first: a missing device is exit 3 before any work or output.
        let selection = command.dryRun ? nil : try command.device.select(quiet: command.quiet)
        let plan: BatchPlan
        do {
            plan = try job.plan()
        } catch let error as BatchSetupError {
            throw ValidationError(error.description)
        }
        guard let selection else {
            return try DryRunPrinter.print(plan)
        }
        let display = ProgressDisplay(mode: ProgressDisplay.mode(quiet: command.quiet), total: plan.imageCount)
        let backend = selection.backend
        let batch = Task { [job] in try await job.run(plan, on: backend, observer: display) }
        // Installed on the main thread: the trap unblocks the signals on the thread that installs
        // it, and the main thread is the one a parent's signal mask was inherited by.
        let trap = await MainActor.run { InterruptTrap { _ in batch.cancel() } }
        defer { trap.remove() }
        let outcome: BatchOutcome
        do {
            outcome = try await withTaskCancellationHandler { try await batch.value } onCancel: { batch.cancel() }
        } catch let error as BatchSetupError {
            Console.error("gpuglitch: --report: \(error)\n")
            return ExitStatus.someInputsFailed
        }
        if !command.quiet {
            let line = SummaryLine(outcome, device: selection.backend.name)
            Console.error(line.text + "\n")
        }
        var status = outcome.cancelled ? ExitStatus.interrupted
            : outcome.counts.failed > 0 ? ExitStatus.someInputsFailed : ExitStatus.success
        if let failure = outcome.reportFailure {
            Console.error("gpuglitch: --report: \(failure)\n")
            if status == ExitStatus.success { status = ExitStatus.someInputsFailed }
        }
        return status
    }
}
