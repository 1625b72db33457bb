import ArgumentParser
import Foundation
import GPUOps

/// Where every input of a batch ends up, as it ends: the counts of the summary line and the
/// exit status, the progress display, and the reports. Inputs arrive in plan order from the
/// plan (`planned`), results from the runner's threads in any order (`finished`,
/// `abandoned`); nothing per input is kept once its record is out, except for the few images
/// in flight.
final class BatchRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private let display: ProgressDisplay
    private let lines: ReportStream?
    private let document: JSONReportWriter?
    /// Images handed to the runner and not ended, by their position in the runner's sequence.
    private var inFlight: [Int: InFlight] = [:]
    private var nextPosition = 0
    private var nextRunnerIndex = 0
    private(set) var counts = Counts()

    struct Counts {
        var ok = 0, failed = 0, skipped = 0, interrupted = 0
    }

    private struct InFlight {
        var position: Int
        var name: String
        var output: String?
    }

    init(display: ProgressDisplay, lines: ReportStream?, document: JSONReportWriter?) {
        self.display = display
        self.lines = lines
        self.document = document
    }

    /// Takes the plan's next input: records a failure or skip, or returns the item for the
    /// runner. After an interrupt (`interrupted` true) an image is recorded as not started.
    func planned(_ input: PlannedInput, interrupted: Bool = false) -> BatchItem? {
        switch input.action {
        case .fail(let message):
            display.error(message)
            record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .failed,
                                           error: message, seconds: 0), position: takePosition(), fromPlan: true)
        case .skip:
            display.recordSkipped()
            record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .skipped, seconds: 0),
                   position: takePosition(), fromPlan: true)
        case .process(let item):
            if interrupted {
                record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .interrupted, seconds: 0),
                       position: takePosition(), fromPlan: true)
                return nil
            }
            lock.withLock {
                inFlight[nextRunnerIndex] = InFlight(position: nextPosition, name: input.name, output: input.output)
                nextRunnerIndex += 1
                nextPosition += 1
            }
            return item
        }
        return nil
    }

    /// The runner's result for the item at `result.index` of its sequence.
    func finished(_ result: BatchItemResult) {
        guard let pending = lock.withLock({ inFlight.removeValue(forKey: result.index) }) else { return }
        let message = result.status == .failed ? (result.error ?? "\(pending.name): failed") : nil
        display.record(failedWith: message)
        record(BatchReport.ImageRecord(input: pending.name, output: pending.output, status: BatchReport.Status(result.status),
                                       error: message, seconds: result.seconds, timings: result.timings,
                                       outputWidth: result.outputWidth, outputHeight: result.outputHeight,
                                       fellBackToCPU: result.fellBackToCPU ? true : nil),
               position: pending.position, fromPlan: false)
    }

    /// An item the runner took but cancelled before it ended.
    func abandoned(_ index: Int) {
        guard let pending = lock.withLock({ inFlight.removeValue(forKey: index) }) else { return }
        record(BatchReport.ImageRecord(input: pending.name, output: pending.output, status: .interrupted, seconds: 0),
               position: pending.position, fromPlan: false)
    }

    /// 130 when interrupted, else 1 when any input failed, else 0.
    func exitStatus(interrupted: Bool) -> ExitCode {
        if interrupted { return ExitStatus.interrupted }
        return counts.failed > 0 ? ExitStatus.someInputsFailed : ExitStatus.success
    }

    func summaryLine(seconds: Double, device: String?, interrupted: Bool) -> SummaryLine {
        let counts = lock.withLock { self.counts }
        return SummaryLine(written: counts.ok, failed: counts.failed, skipped: counts.skipped,
                           notStarted: counts.interrupted, seconds: seconds, device: device, interrupted: interrupted)
    }

    private func takePosition() -> Int {
        lock.withLock {
            defer { nextPosition += 1 }
            return nextPosition
        }
    }

    /// Counts the record and writes it to the reports. A record from the plan may wait for
    /// room in the JSON report's reordering (see `JSONReportWriter`); one from the runner's
    /// threads never does, since the plan's records wait for it.
    private func record(_ record: BatchReport.ImageRecord, position: Int, fromPlan: Bool) {
        // JSON holds text, not bytes: a name's bytes that are not UTF-8 are written `\xNN`.
        var record = record
        record.input = PathBytes.displayed(record.input)
        record.output = record.output.map(PathBytes.displayed)
        record.error = record.error.map(PathBytes.displayed)
        lock.withLock {
            switch record.status {
            case .ok: counts.ok += 1
            case .failed: counts.failed += 1
            case .skipped: counts.skipped += 1
            case .interrupted: counts.interrupted += 1
            }
        }
        lines?.append(record)
        document?.add(record, at: position, mayWait: fromPlan)
    }
}

extension BatchReport.Status {
    init(_ status: BatchItemStatus) {
        switch status {
        case .ok: self = .ok
        case .failed: self = .failed
        case .skipped: self = .skipped
        }
    }
}
