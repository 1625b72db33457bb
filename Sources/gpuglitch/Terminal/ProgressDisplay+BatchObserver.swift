import GPUOps

/// The display follows a batch as `BatchJob.run` reports it.
extension ProgressDisplay: BatchObserver {
    func batchStarted() { start() }
    func inputFailedInPlanning(_ message: String) { error(message) }
    func inputSkipped(_ input: String) { recordSkipped() }
    func imageEnded(_ result: BatchInputResult) { record(failedWith: result.failureMessage) }
    func batchEnded() { finish() }
}
