import GPUOps

/// The display follows a batch as `BatchJob.run` reports it.
extension ProgressDisplay: BatchObserver {
    func batchStarted() { start() }
    func inputFailedInPlanning(_ message: String) { error(message) }
    func inputSkipped(_ input: String) { recordSkipped() }
    func imageEnded(_ result: BatchInputResult) {
        if let line = Self.warningLine(result) { error(line) }
        record(failedWith: result.failureMessage)
    }
    func batchEnded() { finish() }
}

extension ProgressDisplay {
    /// The one line an input's metadata warnings make (`<input>: warning: <reason>; <reason>`),
    /// printed as they happen as errors are: what was left out of its outputs is known only
    /// from the report otherwise. Nil when there are none.
    static func warningLine(_ result: BatchInputResult) -> String? {
        guard !result.warnings.isEmpty else { return nil }
        return "\(result.input): warning: \(result.warnings.joined(separator: "; "))"
    }
}
