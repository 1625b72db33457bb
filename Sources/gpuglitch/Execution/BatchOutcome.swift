import ArgumentParser
import GPUOps

/// The plan and the runner's results put back together in input order: the source of the
/// summary line, the report and the exit status.
struct BatchOutcome {
    /// One record per planned input, in input order.
    let records: [BatchReport.ImageRecord]
    let seconds: Double
    let interrupted: Bool
    let uploads: Int
    let downloads: Int

    init(plan: [PlannedInput], summary: BatchSummary?) {
        var results: [Int: BatchItemResult] = [:]
        for result in summary?.results ?? [] { results[result.index] = result }
        var itemIndex = 0
        records = plan.map { input in
            switch input.action {
            case .fail, .skip:
                return BatchReport.ImageRecord(unprocessed: input)!
            case .process:
                defer { itemIndex += 1 }
                guard let result = results[itemIndex] else {
                    return BatchReport.ImageRecord(input: input.name, output: input.output,
                                                   status: .interrupted, seconds: 0)
                }
                return BatchReport.ImageRecord(result, input: input)
            }
        }
        seconds = summary?.seconds ?? 0
        interrupted = summary?.cancelled ?? false
        uploads = summary?.uploads ?? 0
        downloads = summary?.downloads ?? 0
    }

    func count(_ status: BatchReport.Status) -> Int {
        records.count { $0.status == status }
    }

    /// 130 when interrupted, else 1 when any input failed, else 0.
    var exitStatus: ExitCode {
        if interrupted { return ExitStatus.interrupted }
        return count(.failed) > 0 ? ExitStatus.someInputsFailed : ExitStatus.success
    }

    func summaryLine(device: String?) -> SummaryLine {
        SummaryLine(written: count(.ok), failed: count(.failed), skipped: count(.skipped),
                    notStarted: count(.interrupted), seconds: seconds, device: device,
                    interrupted: interrupted)
    }

    func report(device: String, settings: ReportSettings, shard: ShardSpec?) -> BatchReport {
        let line = summaryLine(device: device)
        return BatchReport(
            device: device, settings: settings, images: records,
            totals: .init(ok: line.written, failed: line.failed, skipped: line.skipped,
                          interrupted: line.notStarted, seconds: seconds,
                          imagesPerSecond: line.imagesPerSecond),
            transfers: .init(uploads: uploads, downloads: downloads),
            shard: shard?.description, interrupted: interrupted)
    }
}

extension BatchReport.ImageRecord {
    /// The record of a processed input.
    init(_ result: BatchItemResult, input: PlannedInput) {
        self.init(input: input.name, output: input.output, status: BatchReport.Status(result.status),
                  error: result.status == .failed ? (result.error ?? "\(input.name): failed") : nil,
                  seconds: result.seconds, timings: result.timings,
                  outputWidth: result.outputWidth, outputHeight: result.outputHeight,
                  fellBackToCPU: result.fellBackToCPU ? true : nil)
    }

    /// The record of an input that was not processed (failed in planning, skipped), or nil.
    init?(unprocessed input: PlannedInput) {
        switch input.action {
        case .fail(let message):
            self.init(input: input.name, output: input.output, status: .failed, error: message, seconds: 0)
        case .skip:
            self.init(input: input.name, output: input.output, status: .skipped, seconds: 0)
        case .process:
            return nil
        }
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
