import Foundation

extension ChainableOperation where Output: Sendable {
    /// The output, once the operation has finished; throws its ``ChainError`` if it failed.
    ///
    /// Waits only: someone must start the operation or add it to a queue (``run(on:)`` does
    /// both). Cancelling the waiting task cancels the operation. The output crosses into the
    /// awaiting task, hence `Output: Sendable`.
    public var value: Output {
        get async throws {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                    whenFinished { outcome in
                        continuation.resume(with: Self.typed(outcome))
                    }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    /// Adds the operation to `queue` (after a dependency-cycle check) and returns its output,
    /// or throws its ``ChainError``. Cancelling the calling task cancels the operation.
    public func run(on queue: OperationQueue) async throws -> Output {
        try queue.addOperationsCheckingCycles([self])
        return try await value
    }
}

extension OperationChain where Output: Sendable {
    /// Enqueues the chain on `queue` (see ``enqueue(on:)``) and returns its output, or throws
    /// the ``ChainError`` of the first failure. Cancelling the calling task cancels the chain.
    public func run(on queue: OperationQueue) async throws -> Output {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                do {
                    try didFinish { continuation.resume(with: $0) }.enqueue(on: queue)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            cancel()
        }
    }
}
