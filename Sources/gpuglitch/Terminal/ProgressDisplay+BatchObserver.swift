import BatchPlanning

/// The display follows a batch as `BatchJob.run` reports it.
extension ProgressDisplay: BatchObserver {
    func batchStarted() { start() }
    func inputFailedInPlanning(_ message: String) { error(message) }
    func inputSkipped() { recordSkipped() }
    func imageEnded(failureMessage: String?) { record(failedWith: failureMessage) }
    func batchEnded() { finish() }
}
