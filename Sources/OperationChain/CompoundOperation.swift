import Foundation

/// Runs a list of chainable operations in order, each handing its output to the next, as one
/// asynchronous operation that is itself a ``ChainableOperation`` (so it can be a member of
/// another chain).
///
/// ```swift
/// let compound = CompoundOperation<Int, String>(
///     operations: [AddOne(), Doubling(), Stringify()], input: 1
/// ) { result in print(result) }           // .success("4")
/// queue.addOperation(compound)
/// ```
///
/// Before anything runs, it checks that the list is not empty, that its input type fits the
/// first operation, that each operation's output type fits the next one's input, and that the
/// last output fits `Output`; a mismatch is reported as
/// ``ChainError/typeMismatch(producer:output:consumer:input:)`` through the result, and no
/// member runs. When it starts, it also rejects members that already ran
/// (``ChainError/operationReused(operation:)``) and dependency cycles
/// (``ChainError/dependencyCycle(_:)``).
///
/// The members run on a queue of the compound's own (do not add them to a queue yourself).
/// The first failure stops the chain: later members finish without running their work, and
/// the compound reports that failure, naming the member that failed. Cancelling the compound,
/// or any member, cancels every member; the compound reports
/// ``ChainError/cancelled(operation:)`` once all members have finished. Once the members have
/// started, the compound finishes only after all of them have; when it reports an error
/// before running them (a type mismatch, a cycle, a failed input), none of them started.
///
/// Operations run once; to run the same steps again, build them again: see ``ChainRecipe``.
// @unchecked Sendable: restated from Operation; the members' run is in `runState`.
open class CompoundOperation<Input, Output>: AsyncChainableOperation<Input, Output>, @unchecked Sendable {
    /// The members, in the order they run.
    public let operations: [AnyChainableOperation]

    /// The members' queue and coordinator while they run.
    private struct MemberRun {
        var queue: OperationQueue?
        var coordinator: ChainCoordinator?
    }

    private let runState = LockedState(MemberRun())

    /// - Parameters:
    ///   - operations: the members, in order; each one's output type must fit the next one's
    ///     input type.
    ///   - input: the first member's input; when `nil`, the compound takes its input like any
    ///     chainable operation (from a previous operation or a dependency).
    ///   - finishBlock: called once with the outcome, before the compound reports `isFinished`.
    public init(operations: [AnyChainableOperation], input: Input? = nil,
                finishBlock: (@Sendable (Result<Output, any Error>) -> Void)? = nil) {
        self.operations = operations
        super.init(input: input)
        self.finishBlock = finishBlock
    }

    /// A compound running a fluent chain built with
    /// ``ChainableOperation/deliver(to:)-(ChainableOperation<Output,NextOutput>)``, whose types
    /// the compiler has already checked. The chain's own `didFinish` handler, if any, is called
    /// before `finishBlock`.
    public convenience init(chain: OperationChain<Input, Output>, input: Input? = nil,
                            finishBlock: (@Sendable (Result<Output, any Error>) -> Void)? = nil) {
        let chainHandler = chain.finishHandler
        self.init(operations: chain.operations, input: input) { result in
            chainHandler?(result)
            finishBlock?(result)
        }
    }

    /// What would stop the members from running, as far as can be told before starting: no
    /// members, or neighbouring types that do not fit. `nil` when the list is sound.
    public var validationError: ChainError? {
        guard let first = operations.first, let last = operations.last else {
            return .emptyChain(operation: chainDisplayName)
        }
        if !first.accepts(Input.self) {
            return .typeMismatch(producer: "the input of \(chainDisplayName)", output: Self.name(of: Input.self),
                                 consumer: first.chainDisplayName, input: Self.name(of: first.inputType))
        }
        for (producer, consumer) in zip(operations, operations.dropFirst()) where !consumer.accepts(producer.outputType) {
            return .typeMismatch(producer: producer.chainDisplayName, output: Self.name(of: producer.outputType),
                                 consumer: consumer.chainDisplayName, input: Self.name(of: consumer.inputType))
        }
        if !(last.outputType is Output.Type) {
            return .typeMismatch(producer: last.chainDisplayName, output: Self.name(of: last.outputType),
                                 consumer: "the output of \(chainDisplayName)", input: Self.name(of: Output.self))
        }
        return nil
    }

    /// Cancels the compound and every member.
    /// A compound succeeds only when its last member did, with the output of every member
    /// before it; a success that arrived although the compound was cancelled (its last member
    /// was past its commit point, see `keepsSuccessWhenCancelled`) stands.
    open override var keepsSuccessWhenCancelled: Bool { true }

    open override func cancel() {
        super.cancel()
        let coordinator = runState.withLock { $0.coordinator }
        coordinator?.cancelRun(origin: chainDisplayName)
        for operation in operations { operation.cancel() }
    }

    public final override func execute(_ input: Input, completion: @escaping @Sendable (Result<Output, any Error>) -> Void) {
        if let error = validationError {
            completion(.failure(error))
            return
        }
        runMembers(input: input, completion: completion)
    }

    /// Cancelled before it started: the members are cancelled too, and still go through a
    /// queue so that each of them reaches `isFinished`; none runs its work.
    override func beginCancelledExecution() {
        guard validationError == nil else {
            super.beginCancelledExecution()
            return
        }
        runMembers(input: nil) { [self] _ in
            complete(with: .failure(.cancelled(operation: chainDisplayName)))
        }
    }

    private func runMembers(input: Input?, completion: @escaping @Sendable (Result<Output, any Error>) -> Void) {
        let members = operations
        for (producer, consumer) in zip(members, members.dropFirst()) {
            consumer.link(to: producer)
        }
        if let input {
            members[0].unlinkSource()
            _ = members[0].provideInput(input)
        }

        // The compound waits for its members: a member that waits for the compound closes a
        // cycle as surely as members waiting for each other.
        let cycle = DependencyGraph.findCycle(in: members) { [self] operation in
            operation === self ? members : operation.dependencies
        }
        if let cycle {
            completion(.failure(ChainError.dependencyCycle(cycle.map(\.chainDisplayName))))
            return
        }

        let coordinator = ChainCoordinator(members: members) { [self] outcome in
            runState.withLock { $0 = MemberRun() }
            completion(Self.compoundOutcome(outcome, last: members[members.count - 1]))
        }
        do {
            try coordinator.attach()
        } catch {
            completion(.failure(error))
            return
        }

        let queue = OperationQueue()
        queue.name = "\(chainDisplayName) members"
        runState.withLock { $0 = MemberRun(queue: queue, coordinator: coordinator) }
        if isCancelled {
            coordinator.cancelRun(origin: chainDisplayName)
        }
        queue.addOperations(members, waitUntilFinished: false)
    }

    private static func compoundOutcome(_ outcome: Result<Any, ChainError>, last: AnyChainableOperation) -> Result<Output, any Error> {
        switch outcome {
        case .success(let value):
            if let output = value as? Output { return .success(output) }
            return .failure(ChainError.typeMismatch(producer: last.chainDisplayName, output: name(of: type(of: value)),
                                                    consumer: "the output of the compound", input: name(of: Output.self)))
        case .failure(let error):
            return .failure(error)
        }
    }

    private static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}
