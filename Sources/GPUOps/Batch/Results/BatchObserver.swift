/// What a running batch tells the CLI's progress display as it happens (users read
/// `BatchResults`). Called from the batch's threads; every method has a default that
/// does nothing.
package protocol BatchObserver: AnyObject, Sendable {
    /// The batch is about to start its first image.
    func batchStarted()
    /// An input failed before it could be processed (a missing file, a collision); `message`
    /// is its one line, naming the input.
    func inputFailedInPlanning(_ message: String)
    /// `skipExisting` skipped `input`.
    func inputSkipped(_ input: String)
    /// An image ended, written or failed: `result` names the input and how it ended.
    func imageEnded(_ result: BatchInputResult)
    /// The batch has ended (every input recorded).
    func batchEnded()
}

extension BatchObserver {
    package func batchStarted() {}
    package func inputFailedInPlanning(_ message: String) {}
    package func inputSkipped(_ input: String) {}
    package func imageEnded(_ result: BatchInputResult) {}
    package func batchEnded() {}
}
