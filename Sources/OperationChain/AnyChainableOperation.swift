import Foundation

/// The type-erased base of every ``ChainableOperation``: what a chain needs to know about an
/// operation without knowing its `Input` and `Output`.
///
/// It owns the operation's life cycle, which it tracks itself instead of relying on
/// `Operation`'s built-in one, because a chained operation may finish later than `start()`
/// returns (``AsyncChainableOperation``) and must finish even when it is cancelled before it
/// starts (a queue waits for every operation it holds to report `isFinished`). Changes are
/// announced with `willChangeValue(forKey:)`/`didChangeValue(forKey:)` on the keys
/// `isExecuting` and `isFinished`: the only keys that wake swift-corelibs-foundation's
/// `OperationQueue` (and the ones KVO expects on Darwin).
///
/// You cannot subclass this class directly: subclass ``ChainableOperation`` or
/// ``AsyncChainableOperation``. Arrays of mixed operations, as ``CompoundOperation`` takes, are
/// `[AnyChainableOperation]`.
// @unchecked Sendable: restated from Operation; what changes is in the LockedState `state`.
open class AnyChainableOperation: Operation, OutputProducing, @unchecked Sendable {
    /// Where the operation is in its single run.
    enum Phase {
        case pending
        /// `start()` has claimed the run; not yet announced as executing.
        case starting
        case executing
        /// The outcome is recorded; observers are being told; not yet announced as finished.
        case completing
        case finished
    }

    /// The type of value this operation takes.
    package let inputType: Any.Type
    /// The type of value this operation produces.
    public let outputType: Any.Type

    private let acceptsType: @Sendable (Any.Type) -> Bool
    /// Everything that changes during the run, read and written only inside `state`'s lock.
    /// Never held while calling out to user code, other operations or Foundation's queue
    /// machinery.
    private struct RunState {
        var phase = Phase.pending
        var outcome: Result<Any, ChainError>?
        var finishObservers: [@Sendable (Result<Any, ChainError>) -> Void] = []
        var cancellationHandlers: [@Sendable () -> Void] = []
        var cancellationSeen = false
        var runCoordinator: ChainCoordinator?
        /// Chainable operations that depend on this one, held until this one has finished.
        /// Foundation on Linux keeps dependents unretained and walks them when an operation
        /// finishes; a dependent that was cancelled, finished early and freed (with the chain
        /// that owned it) would be a dangling pointer then. Holding them until our own finish
        /// notifications are over closes that window; the reference goes away right after, so
        /// finished chains are still freed.
        var dependentsHeldUntilFinished: [Operation] = []
        weak var source: AnyChainableOperation?
    }

    private let state = LockedState(RunState())

    init(inputType: Any.Type, outputType: Any.Type, acceptsType: @escaping @Sendable (Any.Type) -> Bool) {
        self.inputType = inputType
        self.outputType = outputType
        self.acceptsType = acceptsType
        super.init()
        name = String(describing: type(of: self))
    }

    /// Whether a value of type `type` can be this operation's input (its `inputType` or a
    /// subtype of it).
    package func accepts(_ type: Any.Type) -> Bool {
        acceptsType(type)
    }

    /// The outcome once finished, `nil` before. A failure is always a ``ChainError``.
    public var outputResult: Result<Any, any Error>? {
        state.withLock { $0.outcome }?.mapError { $0 as any Error }
    }

    /// The outcome with its concrete error type, `nil` before the operation has finished.
    var chainOutcome: Result<Any, ChainError>? {
        state.withLock { $0.outcome }
    }

    public final override var isExecuting: Bool {
        state.withLock { $0.phase == .executing || $0.phase == .completing }
    }

    public final override var isFinished: Bool {
        state.withLock { $0.phase == .finished }
    }

    /// Starts the operation's single run. A queue calls this; calling it again, or after the
    /// operation finished, does nothing.
    public final override func start() {
        let claimed = state.withLock { state -> Bool in
            guard state.phase == .pending else { return false }
            state.phase = .starting
            return true
        }
        guard claimed else { return }
        if isCancelled {
            beginCancelledExecution()
            return
        }
        willChangeValue(forKey: "isExecuting")
        state.withLock { $0.phase = .executing }
        didChangeValue(forKey: "isExecuting")
        beginExecution()
    }

    /// Cancels the operation and, when it is part of a running chain, every other operation
    /// of that chain, then runs the handlers given to
    /// ``AnyChainableOperation/whenCancelled(_:)``. An operation cancelled before it starts
    /// still finishes (with ``ChainError/cancelled(operation:)``) when its queue starts it; one
    /// cancelled while it runs reports `cancelled` whatever its work produces. Subclasses that override this must call `super.cancel()`.
    open override func cancel() {
        // The run's coordinator is read before Foundation's cancel: that can make the queue
        // start and finish this operation at once on another thread, and finishing lets go of
        // the coordinator, which would leave the rest of the chain running (seen: a member
        // cancelled before it started, the chain waiting forever on a running member).
        let coordinator = state.withLock { $0.runCoordinator }
        super.cancel()
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            state.cancellationSeen = true
            defer { state.cancellationHandlers = [] }
            return state.cancellationHandlers
        }
        coordinator?.cancelRun(origin: chainDisplayName)
        for handler in handlers { handler() }
    }

    /// Adds a dependency as Foundation does; a chainable dependency also keeps this operation
    /// alive until it has finished (see `dependentsHeldUntilFinished`).
    open override func addDependency(_ operation: Operation) {
        super.addDependency(operation)
        (operation as? AnyChainableOperation)?.holdDependent(self)
    }

    private func holdDependent(_ dependent: Operation) {
        state.withLock { state in
            if state.phase != .finished { state.dependentsHeldUntilFinished.append(dependent) }
        }
    }

    /// Runs `handler` once if the operation is cancelled before it finishes: at once (on this
    /// thread) if it already is, else on the thread that cancels it. After the operation has
    /// finished, `handler` is dropped.
    ///
    /// Call it from the work, to stop what the work started: an asynchronous operation
    /// registers here how to abort its download or its device wait, and then calls its
    /// completion as usual. Registering and cancelling cannot miss each other, whatever the
    /// threads.
    public final func whenCancelled(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.phase == .completing || state.phase == .finished { return false }
            if state.cancellationSeen { return true }
            state.cancellationHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    // MARK: - Hooks for the typed subclasses (module-internal)

    /// Runs the operation's work; must end, now or later, in one call to ``complete(with:)``.
    func beginExecution() {
        preconditionFailure("\(chainDisplayName): beginExecution() is provided by ChainableOperation")
    }

    /// Called instead of ``beginExecution()`` when the operation was cancelled before it
    /// started; must end in ``complete(with:)``.
    func beginCancelledExecution() {
        complete(with: .failure(.cancelled(operation: chainDisplayName)))
    }

    /// Gives the operation its input, if `value` is of its input type.
    func provideInput(_ value: Any) -> Bool {
        preconditionFailure("\(chainDisplayName): provideInput(_:) is provided by ChainableOperation")
    }

    /// Whether a success stands even when the operation was cancelled while it ran. `false`
    /// (the default): a cancelled operation reports cancelled whatever its work produced.
    /// An operation whose work commits an effect that cannot be taken back — a file renamed
    /// into place — returns `true`, so that its result says what happened: it checks
    /// `isCancelled` before its commit point and fails there, and once past it, succeeds.
    open var keepsSuccessWhenCancelled: Bool { false }

    /// Tells the typed subclass the final outcome, before anyone else hears of it.
    func outcomeWasRecorded(_ outcome: Result<Any, ChainError>) {}

    // MARK: - Completion

    /// Records the outcome, tells observers, and announces the finish to the queue. Only the
    /// first call counts (an asynchronous operation's completion may be called twice by
    /// mistake); returns whether this call was it. A cancelled operation records
    /// ``ChainError/cancelled(operation:)`` whatever `result` says (a cancelled operation hands
    /// nothing on), unless it keeps its success (`keepsSuccessWhenCancelled`).
    @discardableResult
    func complete(with result: Result<Any, ChainError>) -> Bool {
        let keep: Bool
        if case .success = result { keep = keepsSuccessWhenCancelled } else { keep = false }
        let final: Result<Any, ChainError> =
            isCancelled && !keep ? .failure(.cancelled(operation: chainDisplayName)) : result
        let claimed = state.withLock { state -> (observers: [@Sendable (Result<Any, ChainError>) -> Void], coordinator: ChainCoordinator?)? in
            guard state.phase == .starting || state.phase == .executing else { return nil }
            state.phase = .completing
            state.outcome = final
            let observers = state.finishObservers
            state.finishObservers = []
            state.cancellationHandlers = []
            let coordinator = state.runCoordinator
            state.runCoordinator = nil
            return (observers, coordinator)
        }
        guard let claimed else { return false }

        // Everyone who waits for the result hears of it before the queue does, so that a
        // caller waiting on the queue (`waitUntilAllOperationsAreFinished`) sees its effects.
        outcomeWasRecorded(final)
        claimed.coordinator?.memberDidFinish(self, outcome: final)
        for observer in claimed.observers { observer(final) }

        let dependents = state.withLock { state -> [Operation] in
            defer { state.dependentsHeldUntilFinished = [] }
            return state.dependentsHeldUntilFinished
        }
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        state.withLock { $0.phase = .finished }
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
        withExtendedLifetime(dependents) {}
        return true
    }

    /// Calls `observer` with the outcome once the operation finishes (at once if it already
    /// has), on the thread that finishes it, before the queue hears of the finish.
    func whenFinished(_ observer: @escaping @Sendable (Result<Any, ChainError>) -> Void) {
        let recorded = state.withLock { state -> Result<Any, ChainError>? in
            if let outcome = state.outcome { return outcome }
            state.finishObservers.append(observer)
            return nil
        }
        if let recorded { observer(recorded) }
    }

    // MARK: - Chain membership

    /// Makes this operation take its input from `producer`: a dependency plus an explicit
    /// hand-over, so other dependencies of the same type cannot make the choice ambiguous.
    func link(to producer: AnyChainableOperation) {
        addDependency(producer)
        state.withLock { $0.source = producer }
    }

    /// Forgets the operation linked by ``link(to:)`` as the input source (the dependency stays).
    func unlinkSource() {
        state.withLock { $0.source = nil }
    }

    /// The operation linked by ``link(to:)``, if any.
    var linkedSource: AnyChainableOperation? {
        state.withLock { $0.source }
    }

    /// Joins a chain run: allowed only once, and only before the operation has started.
    func join(_ coordinator: ChainCoordinator) -> Bool {
        state.withLock { state in
            guard state.phase == .pending, state.runCoordinator == nil else { return false }
            state.runCoordinator = coordinator
            return true
        }
    }

    /// Undoes ``join(_:)`` when the run could not be set up after all.
    func leave(_ coordinator: ChainCoordinator) {
        state.withLock { state in
            if state.runCoordinator === coordinator { state.runCoordinator = nil }
        }
    }
}
