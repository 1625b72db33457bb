/// What a running batch tells whoever watches it, as it happens (the CLI's progress display,
/// a GUI's progress bar). Called from the batch's threads; every method has a default that
/// does nothing.
public protocol BatchObserver: AnyObject, Sendable {
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
    public func batchStarted() {}
    public func inputFailedInPlanning(_ message: String) {}
    public func inputSkipped(_ input: String) {}
    public func imageEnded(_ result: BatchInputResult) {}
    public func batchEnded() {}
}
