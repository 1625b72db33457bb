import Foundation

/// A chain of operations whose types the compiler has checked: each operation's `Input` is
/// the previous one's `Output`. Typed by the first operation's input and the last one's
/// output.
///
/// Build it with ``ChainableOperation/deliver(to:)-(ChainableOperation<Output,NextOutput>)``,
/// then enqueue it:
///
/// ```swift
/// try AddOne(input: 1)
///     .deliver(to: Doubling())
///     .deliver(to: Stringify())
///     .didFinish { result in print(result) }   // .success("4")
///     .enqueue(on: queue)
/// ```
///
/// `deliver(to:)` links the operations right away (each depends on the one before and takes
/// its output), so ``operations`` can also be added to a queue by hand; ``enqueue(on:)`` adds
/// what a bare queue lacks: a cycle check, one outcome for the whole chain, and cancellation
/// of every member when any of them is cancelled.
public struct OperationChain<Input, Output>: Sendable {
    /// The operations, in the order they run.
    public let operations: [AnyChainableOperation]
    let finishHandler: (@Sendable (Result<Output, any Error>) -> Void)?

    /// A chain of one operation, to deliver to others.
    public init(_ first: ChainableOperation<Input, Output>) {
        self.init(operations: [first], finishHandler: nil)
    }

    private init(operations: [AnyChainableOperation], finishHandler: (@Sendable (Result<Output, any Error>) -> Void)?) {
        self.operations = operations
        self.finishHandler = finishHandler
    }

    /// The chain followed by `next`, which takes this chain's output as its input.
    ///
    /// A `didFinish` handler given so far stays with the operation that was last until now
    /// and is called with that operation's own outcome when it finishes.
    public func deliver<NextOutput>(to next: ChainableOperation<Output, NextOutput>) -> OperationChain<Input, NextOutput> {
        let last = operations[operations.count - 1]
        next.link(to: last)
        keepHandler(on: last)
        return OperationChain<Input, NextOutput>(operations: operations + [next], finishHandler: nil)
    }

    /// The chain followed by the operations of `next`, whose first operation takes this
    /// chain's output as its input.
    public func deliver<NextOutput>(to next: OperationChain<Output, NextOutput>) -> OperationChain<Input, NextOutput> {
        let last = operations[operations.count - 1]
        next.operations[0].link(to: last)
        keepHandler(on: last)
        return OperationChain<Input, NextOutput>(operations: operations + next.operations, finishHandler: next.finishHandler)
    }

    /// The same chain with `handler` to be called once with the chain's outcome (after any
    /// handler given before): once every operation has finished, on the thread that finished
    /// the last of them, before that one reports `isFinished`. The outcome is the first
    /// failure (naming the operation that failed) or cancellation, or else the last
    /// operation's output. The handler must not wait for the queue the chain runs on.
    public func didFinish(_ handler: @escaping @Sendable (Result<Output, any Error>) -> Void) -> OperationChain<Input, Output> {
        let earlier = finishHandler
        return OperationChain(operations: operations, finishHandler: { result in
            earlier?(result)
            handler(result)
        })
    }

    /// Adds every operation to `queue`, after checking for dependency cycles; the `didFinish`
    /// handlers get the chain's outcome.
    ///
    /// - Throws: ``ChainError/dependencyCycle(_:)`` or ``ChainError/operationReused(operation:)``,
    ///   in which case nothing was added and no handler is called.
    public func enqueue(on queue: OperationQueue) throws(ChainError) {
        try DependencyGraph.checkForCycles(in: operations)
        let handler = finishHandler
        let coordinator = ChainCoordinator(members: operations) { outcome in
            handler?(ChainableOperation<Input, Output>.typed(outcome))
        }
        try coordinator.attach()
        queue.addOperations(operations, waitUntilFinished: false)
    }

    /// Cancels every operation of the chain. When the chain is running, its outcome becomes
    /// ``ChainError/cancelled(operation:)`` naming the first operation that had not finished.
    public func cancel() {
        for operation in operations { operation.cancel() }
    }

    /// The chain packaged as one operation that can be a member of another chain.
    public func asOperation(input: Input? = nil) -> CompoundOperation<Input, Output> {
        CompoundOperation(chain: self, input: input)
    }

    private func keepHandler(on last: AnyChainableOperation) {
        guard let finishHandler else { return }
        last.whenFinished { outcome in
            finishHandler(ChainableOperation<Input, Output>.typed(outcome))
        }
    }
}

extension ChainableOperation {
    /// A chain of this operation followed by `next`, which takes this operation's output as
    /// its input. The compiler checks that the types fit.
    public func deliver<NextOutput>(to next: ChainableOperation<Output, NextOutput>) -> OperationChain<Input, NextOutput> {
        OperationChain(self).deliver(to: next)
    }

    /// A chain of this operation followed by the operations of `next`.
    public func deliver<NextOutput>(to next: OperationChain<Output, NextOutput>) -> OperationChain<Input, NextOutput> {
        OperationChain(self).deliver(to: next)
    }
}
