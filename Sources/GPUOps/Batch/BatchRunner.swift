import Foundation

/// The pipelined batch engine behind `gpuglitch process`.
///
/// Interface fixed first so the CLI can be written against it; the engine itself is being
/// built in this file (issue 6).
public final class BatchRunner: @unchecked Sendable {
    public let backend: any ComputeBackend
    public let settings: ThumbnailSettings
    /// CPU threads for decoding and encoding.
    public let workers: Int

    private let lock = NSLock()
    private var cancelRequested = false

    public init(backend: any ComputeBackend, settings: ThumbnailSettings, workers: Int) {
        self.backend = backend
        self.settings = settings
        self.workers = max(1, workers)
    }

    /// Processes `items`, calling `onResult` (from any thread, one call at a time) as each
    /// item ends, and returns when all are done or the run was cancelled. Safe against
    /// concurrent `cancel()`.
    public func run(_ items: [BatchItem], onResult: @escaping @Sendable (BatchItemResult) -> Void) -> BatchSummary {
        fatalError("BatchRunner.run: engine not yet merged")
    }

    /// Stops taking new items; items in flight finish or are discarded (their temporary files
    /// removed); `run` then returns with `cancelled == true`. Callable from a signal handler's
    /// dispatch source.
    public func cancel() {
        lock.withLock { cancelRequested = true }
    }

    var isCancelled: Bool { lock.withLock { cancelRequested } }
}
