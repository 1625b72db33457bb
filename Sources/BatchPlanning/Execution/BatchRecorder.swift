import GPUOps
import Synchronization
import SystemIO

/// Where every input of a batch ends up, as it ends: the counts, the observer, and the
/// reports. Inputs arrive in plan order from the plan (`planned`), results from the runner's
/// threads in any order (`finished`, `abandoned`); nothing per input is kept once its record
/// is out, except for the few images in flight.
package final class BatchRecorder: Sendable {
    private let observer: (any BatchObserver)?
    private let lines: ReportStream?
    private let document: JSONReportWriter?
    private let state = Mutex(State())

    private struct State {
        /// Images handed to the runner and not ended, by their position in the runner's sequence.
        package var inFlight: [Int: InFlight] = [:]
        package var nextPosition = 0
        package var nextRunnerIndex = 0
        package var counts = BatchCounts()
    }

    private struct InFlight {
        package var position: Int
        package var name: String
        package var output: String?
    }

    package init(observer: (any BatchObserver)?, lines: ReportStream?, document: JSONReportWriter?) {
        self.observer = observer
        self.lines = lines
        self.document = document
    }

    /// The inputs recorded so far, by how they ended.
    package var counts: BatchCounts { state.withLock { $0.counts } }

    /// Takes the plan's next input: records a failure or skip, or returns the item for the
    /// runner. After an interrupt (`interrupted` true) an image is recorded as not started.
    package func planned(_ input: PlannedInput, interrupted: Bool = false) -> BatchItem? {
        switch input.action {
        case .fail(let message):
            observer?.inputFailedInPlanning(message)
            record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .failed,
                                           error: message, seconds: 0), position: takePosition(), fromPlan: true)
        case .skip:
            observer?.inputSkipped()
            record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .skipped, seconds: 0),
                   position: takePosition(), fromPlan: true)
        case .process(let item):
            if interrupted {
                record(BatchReport.ImageRecord(input: input.name, output: input.output, status: .interrupted, seconds: 0),
                       position: takePosition(), fromPlan: true)
                return nil
            }
            state.withLock { state in
                state.inFlight[state.nextRunnerIndex] = InFlight(position: state.nextPosition, name: input.name,
                                                                 output: input.output)
                state.nextRunnerIndex += 1
                state.nextPosition += 1
            }
            return item
        }
        return nil
    }

    /// The runner's result for the item at `result.index` of its sequence.
    package func finished(_ result: BatchItemResult) {
        guard let pending = state.withLock({ $0.inFlight.removeValue(forKey: result.index) }) else { return }
        let message = result.status == .failed ? (result.error ?? "\(pending.name): failed") : nil
        observer?.imageEnded(failureMessage: message)
        record(BatchReport.ImageRecord(input: pending.name, output: pending.output, status: BatchReport.Status(result.status),
                                       error: message, seconds: result.seconds, timings: result.timings,
                                       outputWidth: result.outputWidth, outputHeight: result.outputHeight,
                                       fellBackToCPU: result.fellBackToCPU ? true : nil),
               position: pending.position, fromPlan: false)
    }

    /// An item the runner took but cancelled before it ended.
    package func abandoned(_ index: Int) {
        guard let pending = state.withLock({ $0.inFlight.removeValue(forKey: index) }) else { return }
        record(BatchReport.ImageRecord(input: pending.name, output: pending.output, status: .interrupted, seconds: 0),
               position: pending.position, fromPlan: false)
    }

    private func takePosition() -> Int {
        state.withLock { state in
            defer { state.nextPosition += 1 }
            return state.nextPosition
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
        state.withLock { state in
            switch record.status {
            case .ok: state.counts.ok += 1
            case .failed: state.counts.failed += 1
            case .skipped: state.counts.skipped += 1
            case .interrupted: state.counts.interrupted += 1
            }
        }
        lines?.append(record)
        document?.add(record, at: position, mayWait: fromPlan)
    }
}

/// How many inputs of a batch ended each way.
public struct BatchCounts: Equatable, Sendable {
    /// Outputs written.
    public var ok = 0
    public var failed = 0
    public var skipped = 0
    /// Never started because the batch was cancelled.
    public var interrupted = 0

    public init(ok: Int = 0, failed: Int = 0, skipped: Int = 0, interrupted: Int = 0) {
        self.ok = ok
        self.failed = failed
        self.skipped = skipped
        self.interrupted = interrupted
    }
}

extension BatchReport.Status {
    package init(_ status: BatchItemStatus) {
        switch status {
        case .ok: self = .ok
        case .failed: self = .failed
        case .skipped: self = .skipped
        }
    }
}
