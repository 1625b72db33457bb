@testable import OperationChain
import Foundation

// Generic operations for the chain tests. They know nothing of images, like the chain itself.
// Names end in "Step" to stay clear of other test files in this target.

/// The error the failing test operations throw.
struct StepFailure: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

final class AddOneStep: ChainableOperation<Int, Int>, @unchecked Sendable {
    private let log: ExecutionLog?

    init(input: Int? = nil, log: ExecutionLog? = nil, name: String? = nil) {
        self.log = log
        super.init(input: input)
        if let name { self.name = name }
    }

    override func execute(_ input: Int) throws -> Int {
        log?.record(name!)
        return input + 1
    }
}

final class DoublingStep: ChainableOperation<Int, Int>, @unchecked Sendable {
    private let log: ExecutionLog?

    init(input: Int? = nil, log: ExecutionLog? = nil, name: String? = nil) {
        self.log = log
        super.init(input: input)
        if let name { self.name = name }
    }

    override func execute(_ input: Int) throws -> Int {
        log?.record(name!)
        return input * 2
    }
}

final class StringifyStep: ChainableOperation<Int, String>, @unchecked Sendable {
    private let log: ExecutionLog?

    init(input: Int? = nil, log: ExecutionLog? = nil) {
        self.log = log
        super.init(input: input)
    }

    override func execute(_ input: Int) throws -> String {
        log?.record(name!)
        return String(input)
    }
}

/// Throws ``StepFailure`` from its work.
final class FailingStep: ChainableOperation<Int, Int>, @unchecked Sendable {
    private let log: ExecutionLog?

    init(log: ExecutionLog? = nil, name: String? = nil) {
        self.log = log
        super.init()
        if let name { self.name = name }
    }

    override func execute(_ input: Int) throws -> Int {
        log?.record(name!)
        throw StepFailure(message: "\(name!) refused \(input)")
    }
}

/// Works for `duration` seconds (in small sleeps, stopping early when cancelled), counted by
/// a gauge, then hands its input on.
final class SlowStep: ChainableOperation<Int, Int>, StartObservable, @unchecked Sendable {
    private let duration: Double
    private let gauge: ConcurrencyGauge?
    private let log: ExecutionLog?
    let startFlag = StartFlag()

    init(input: Int? = nil, duration: Double, gauge: ConcurrencyGauge? = nil, log: ExecutionLog? = nil, name: String? = nil) {
        self.duration = duration
        self.gauge = gauge
        self.log = log
        super.init(input: input)
        if let name { self.name = name }
    }

    override func execute(_ input: Int) throws -> Int {
        log?.record(name!)
        gauge?.enter()
        defer { gauge?.leave() }
        startFlag.raise()
        let deadline = Date().addingTimeInterval(duration)
        while Date() < deadline, !isCancelled {
            Thread.sleep(forTimeInterval: 0.001)
        }
        return input
    }
}

/// Completes `delay` seconds later on another thread with its input plus one, or at once
/// when cancelled (through `whenCancelled`). Holds no thread while it waits.
final class AsyncSleepStep: AsyncChainableOperation<Int, Int>, @unchecked Sendable {
    private let delay: Double
    private let gauge: ConcurrencyGauge?
    private let log: ExecutionLog?
    private let pending = PendingCompletion()

    init(input: Int? = nil, delay: Double, gauge: ConcurrencyGauge? = nil, log: ExecutionLog? = nil, name: String? = nil) {
        self.delay = delay
        self.gauge = gauge
        self.log = log
        super.init(input: input)
        if let name { self.name = name }
    }

    override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        log?.record(name!)
        gauge?.enter()
        pending.hold(completion, input: input)
        whenCancelled { [self] in fire() }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in fire() }
    }

    private func fire() {
        guard let (completion, input) = pending.take() else { return }
        gauge?.leave()
        completion(.success(input + 1))
    }
}

/// Works until the test releases it (then hands on its input plus one) or until it is
/// cancelled. Holds no thread while it waits, so tests do not depend on how many threads the
/// machine lends them.
final class ManualStep: AsyncChainableOperation<Int, Int>, StartObservable, @unchecked Sendable {
    private let log: ExecutionLog?
    private let pending = PendingCompletion()
    let startFlag = StartFlag()

    init(input: Int? = nil, log: ExecutionLog? = nil, name: String? = nil) {
        self.log = log
        super.init(input: input)
        if let name { self.name = name }
    }

    /// Ends the work successfully.
    func release() {
        guard let (completion, input) = pending.take() else { return }
        completion(.success(input + 1))
    }

    override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        log?.record(name!)
        pending.hold(completion, input: input)
        startFlag.raise()
        whenCancelled { [self] in release() }
    }
}

/// Calls its completion twice, from two threads: first with the input, then with input + 100.
final class DoubleCompletionStep: AsyncChainableOperation<Int, Int>, @unchecked Sendable {
    /// Signalled once the second completion call has returned: by then the operation has
    /// seen it and (rightly) ignored it.
    let secondCompletionReturned = DispatchSemaphore(value: 0)

    override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        let done = secondCompletionReturned
        DispatchQueue.global().async {
            completion(.success(input))
            DispatchQueue.global().async {
                completion(.success(input + 100))
                done.signal()
            }
        }
    }
}

/// Completes asynchronously with a failure.
final class AsyncFailingStep: AsyncChainableOperation<Int, Int>, @unchecked Sendable {
    override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        DispatchQueue.global().async { completion(.failure(StepFailure(message: "async refused \(input)"))) }
    }
}

/// A class-typed output, to see that chains let go of their outputs.
final class Payload: Sendable {
    let value: Int
    init(value: Int) { self.value = value }
}

final class MakePayloadStep: ChainableOperation<Int, Payload>, @unchecked Sendable {
    override func execute(_ input: Int) throws -> Payload { Payload(value: input) }
}

final class ReadPayloadStep: ChainableOperation<Payload, Int>, @unchecked Sendable {
    override func execute(_ input: Payload) throws -> Int { input.value }
}

/// A plain Foundation operation that feeds chains through ``OutputProducing``.
final class ConstantProducer: Operation, OutputProducing, @unchecked Sendable {
    private let value: Int
    init(_ value: Int) { self.value = value }
    var outputType: Any.Type { Int.self }
    var outputResult: Result<Any, any Error>? { isFinished ? .success(value) : nil }
}

/// Raised by a test operation's work when it begins; tests wait for it without holding a
/// thread.
final class StartFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

/// A test operation whose work raises `startFlag` when it begins.
protocol StartObservable {
    var startFlag: StartFlag { get }
}

extension StartObservable {
    /// Whether the work has begun.
    var hasStarted: Bool { startFlag.isRaised }

    /// Waits, without holding a thread, until the work has begun; false after `seconds`.
    func waitUntilStarted(seconds: Double = 20) async -> Bool {
        await waitUntil(seconds: seconds) { hasStarted }
    }
}

/// The completion of an asynchronous test operation and its input, held until one caller
/// takes them (the timer or the cancellation, the test or the cancellation): later callers
/// get nil, so the operation completes once.
final class PendingCompletion: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Int, any Error>) -> Void
    private let lock = NSLock()
    private var completion: Completion?
    private var input = 0

    func hold(_ completion: @escaping Completion, input: Int) {
        lock.withLock {
            self.completion = completion
            self.input = input
        }
    }

    func take() -> (Completion, Int)? {
        lock.withLock {
            defer { completion = nil }
            return completion.map { ($0, input) }
        }
    }
}
