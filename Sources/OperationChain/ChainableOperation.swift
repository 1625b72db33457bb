import Foundation

/// An operation that takes the previous operation's output as its input and produces an
/// output for the next one.
///
/// Subclass it and override one method, ``execute(_:)``:
///
/// ```swift
/// final class AddOne: ChainableOperation<Int, Int>, @unchecked Sendable {
///     override func execute(_ input: Int) throws -> Int { input + 1 }
/// }
/// ```
///
/// (`Operation` is `@unchecked Sendable`; Swift 6 wants every subclass to say so again. Keep
/// the subclass's own state immutable, or lock it.)
///
/// The input comes from, in this order:
/// 1. the operation it was linked to by ``deliver(to:)-(ChainableOperation<Output,NextOutput>)``
///    or a ``CompoundOperation``;
/// 2. the value given with `init(input:)` or set on ``input`` before it starts;
/// 3. the one dependency (added with plain `addDependency(_:)`) that is ``OutputProducing``
///    with an output type this operation accepts; none is
///    ``ChainError/missingInput(operation:input:)``, several is
///    ``ChainError/ambiguousInput(operation:input:candidates:)``. An operation whose `Input` is
///    `Void` needs no source at all.
///
/// If any dependency failed or was cancelled, ``execute(_:)`` is not called and the operation
/// finishes with that dependency's error, unchanged, so the error that reaches the end of a
/// chain names the operation that failed first. An error thrown by ``execute(_:)`` is reported
/// as ``ChainError/operationFailed(operation:underlying:)`` naming this operation (its `name`,
/// by default its type name).
// @unchecked Sendable: restated from Operation; input and handler are in `storage`.
open class ChainableOperation<Input, Output>: AnyChainableOperation, @unchecked Sendable {
    /// The input given before the run and the handler of the outcome, inside one lock.
    private struct Storage {
        var givenInput: Input?
        var resultHandler: (@Sendable (Result<Output, any Error>) -> Void)?
    }

    private let storage: LockedState<Storage>

    /// - Parameter input: the input, when it does not come from a previous operation.
    public init(input: Input? = nil) {
        storage = LockedState(Storage(givenInput: input))
        super.init(inputType: Input.self, outputType: Output.self, acceptsType: { $0 is Input.Type })
    }

    /// The input given directly, before the operation starts. The operation lets go of it
    /// once it has taken it, so it does not outlive the work.
    public var input: Input? {
        get { storage.withLock { $0.givenInput } }
        set { storage.withLock { $0.givenInput = newValue } }
    }

    /// Called once with the outcome when the operation finishes, on the thread that finishes
    /// it, before the operation reports `isFinished`. Must not wait for the queue it runs on.
    public var finishBlock: (@Sendable (Result<Output, any Error>) -> Void)? {
        get { storage.withLock { $0.resultHandler } }
        set { storage.withLock { $0.resultHandler = newValue } }
    }

    /// The operation's work: turns the input into the output, or throws. Runs on the queue's
    /// thread; check `isCancelled` in long work to stop early.
    open func execute(_ input: Input) throws -> Output {
        preconditionFailure("\(chainDisplayName) must override execute(_:)")
    }

    /// The outcome once finished, `nil` before. A failure is always a ``ChainError``.
    public var result: Result<Output, any Error>? {
        chainOutcome.map(Self.typed)
    }

    // MARK: - Running

    override func beginExecution() {
        switch resolveInput() {
        case .success(let input):
            perform(input)
        case .failure(let error):
            complete(with: .failure(error))
        }
    }

    /// Runs the work for `input` and completes. ``AsyncChainableOperation`` replaces this.
    func perform(_ input: Input) {
        let outcome: Result<Any, ChainError>
        do {
            outcome = .success(try execute(input))
        } catch {
            outcome = .failure(.wrapping(error, from: chainDisplayName))
        }
        complete(with: outcome)
    }

    override func provideInput(_ value: Any) -> Bool {
        guard let typed = value as? Input else { return false }
        storage.withLock { $0.givenInput = typed }
        return true
    }

    /// Hands the given input over to the run, letting go of it.
    func takeGivenInput() -> Input? {
        storage.withLock { storage in
            defer { storage.givenInput = nil }
            return storage.givenInput
        }
    }

    override func outcomeWasRecorded(_ outcome: Result<Any, ChainError>) {
        let handler = storage.withLock { storage -> (@Sendable (Result<Output, any Error>) -> Void)? in
            defer { storage.resultHandler = nil }
            return storage.resultHandler
        }
        handler?(Self.typed(outcome))
    }

    /// The erased outcome with its value as `Output`. Only `Output` values are ever recorded.
    static func typed(_ outcome: Result<Any, ChainError>) -> Result<Output, any Error> {
        switch outcome {
        case .success(let value):
            return .success(value as! Output)
        case .failure(let error):
            return .failure(error)
        }
    }
}
