import Synchronization
import SystemIO

/// Where every input of a batch ends up, as it ends: the counts, the observer, the results
/// sequence and the reports. Inputs arrive in plan order from the plan (`planned`), results from the runner's
/// threads in any order (`finished`, `abandoned`); nothing per input is kept once its record
/// is out, except for the few images in flight.
package final class BatchRecorder: Sendable {
    private let observer: (any BatchObserver)?
    private let lines: ReportStream?
    private let document: JSONReportWriter?
    /// Where each input's typed result goes (`BatchJob.run`'s `results`), when someone reads them.
    private let results: ResultChannel?
    /// The size entries as written, when there are several (records list every output then).
    private let sizeNames: [String]?
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
        package var outputs: [String]
    }

    package init(observer: (any BatchObserver)?, lines: ReportStream?, document: JSONReportWriter?,
                 results: ResultChannel? = nil,
                 sizes: [ThumbnailSize] = [ThumbnailSize(side: 512)!]) {
        self.observer = observer
        self.lines = lines
        self.document = document
        self.results = results
        sizeNames = sizes.count > 1 ? sizes.map(\.description) : nil
    }

    /// The record of an input: its one output, or (several sizes) the list of its outputs,
    /// with the sizes of those written.
    private func makeRecord(_ name: String, outputs: [String], status: BatchReport.Status, error: String? = nil,
                            result: BatchItemResult? = nil) -> BatchReport.ImageRecord {
        var record = BatchReport.ImageRecord(input: name, output: nil, status: status, error: error,
                                             seconds: result?.seconds ?? 0, timings: result?.timings)
        record.fellBackToCPU = result?.fellBackToCPU == true ? true : nil
        record.sharedToCPU = result?.sharedToCPU == true ? true : nil
        record.decodedOn = result?.decodedOnDevice.map { $0 ? "device" : "host" }
        record.decodeStage = result?.decodeStage
        if let warnings = result?.warnings, !warnings.isEmpty { record.warnings = warnings }
        if let sizeNames, !outputs.isEmpty {
            let saved = result?.savedOutputs ?? []
            record.outputs = outputs.enumerated().map { i, path in
                BatchReport.OutputRecord(path: path, size: i < sizeNames.count ? sizeNames[i] : "",
                                         width: i < saved.count ? saved[i].width : nil,
                                         height: i < saved.count ? saved[i].height : nil)
            }
        } else {
            record.output = outputs.first
            record.outputWidth = result?.outputWidth
            record.outputHeight = result?.outputHeight
        }
        return record
    }

    /// The inputs recorded so far, by how they ended.
    package var counts: BatchCounts { state.withLock { $0.counts } }

    /// Takes the plan's next input: records a failure or skip, or returns the item for the
    /// runner. After an interrupt (`interrupted` true) an image is recorded as not started.
    package func planned(_ input: PlannedInput, interrupted: Bool = false) -> BatchItem? {
        switch input.action {
        case .fail(let message):
            observer?.inputFailedInPlanning(message)
            record(makeRecord(input.name, outputs: input.outputs, status: .failed, error: message),
                   position: takePosition(), fromPlan: true)
            results?.yield(BatchInputResult(input: input.name, outputs: input.outputs,
                                            outcome: .failed(.notPlanned(message: message)), failureMessage: message))
        case .skip:
            observer?.inputSkipped(input.name)
            record(makeRecord(input.name, outputs: input.outputs, status: .skipped),
                   position: takePosition(), fromPlan: true)
            results?.yield(BatchInputResult(input: input.name, outputs: input.outputs, outcome: .skipped))
        case .process(let item):
            if interrupted {
                record(makeRecord(input.name, outputs: input.outputs, status: .interrupted),
                       position: takePosition(), fromPlan: true)
                results?.yield(BatchInputResult(input: input.name, outputs: input.outputs, outcome: .interrupted))
                return nil
            }
            state.withLock { state in
                state.inFlight[state.nextRunnerIndex] = InFlight(position: state.nextPosition, name: input.name,
                                                                 outputs: input.outputs)
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
        let outcome: BatchInputResult.Outcome = switch (result.status, result.error) {
        case (.failed, let error?): .failed(error)
        case (.failed, nil): .failed(.processingFailed(UnexplainedFailure()))
        case (.skipped, _): .skipped
        case (.ok, _): .written(result.savedOutputs)
        }
        let message = result.status == .failed ? result.errorLine ?? "\(pending.name): failed" : nil
        var ended = BatchInputResult(input: pending.name, outputs: pending.outputs, outcome: outcome,
                                     failureMessage: message, seconds: result.seconds,
                                     fellBackToCPU: result.fellBackToCPU)
        ended.warnings = result.warnings
        ended.sharedToCPU = result.sharedToCPU
        results?.yield(ended)
        observer?.imageEnded(ended)
        record(makeRecord(pending.name, outputs: pending.outputs, status: BatchReport.Status(result.status),
                          error: message, result: result),
               position: pending.position, fromPlan: false)
    }

    /// An item the runner took but cancelled before it ended.
    package func abandoned(_ index: Int) {
        guard let pending = state.withLock({ $0.inFlight.removeValue(forKey: index) }) else { return }
        record(makeRecord(pending.name, outputs: pending.outputs, status: .interrupted),
               position: pending.position, fromPlan: false)
        results?.yield(BatchInputResult(input: pending.name, outputs: pending.outputs, outcome: .interrupted))
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
        if let outputs = record.outputs {
            record.outputs = outputs.map { var output = $0; output.path = PathBytes.displayed(output.path); return output }
        }
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

/// A failed result that carries no reason (the runner always gives one).
private struct UnexplainedFailure: Error, CustomStringConvertible {
    var description: String { "failed" }
}

/// How many inputs of a batch ended each way.
public struct BatchCounts: Equatable, Sendable {
    /// Outputs written.
    public package(set) var ok = 0
    public package(set) var failed = 0
    public package(set) var skipped = 0
    /// Never started because the batch was cancelled.
    public package(set) var interrupted = 0

    package init(ok: Int = 0, failed: Int = 0, skipped: Int = 0, interrupted: Int = 0) {
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
