@testable import OperationChain
import Foundation

// Thread-safe probes the chain tests read: what ran, how much ran at once, what came out.
// Every wait has a time limit, so a chain that never finishes fails a test instead of hanging it.

/// Records, in order, which operations ran their work.
final class ExecutionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func record(_ name: String) {
        lock.lock()
        names.append(name)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}

/// Counts how many operations do their work at the same time, and the most there ever were.
final class ConcurrencyGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private var peak = 0

    func enter() {
        lock.lock()
        running += 1
        peak = max(peak, running)
        lock.unlock()
    }

    func leave() {
        lock.lock()
        running -= 1
        lock.unlock()
    }

    var maximum: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }
}

/// A recorder for one outcome that a test can await with a time limit, so a chain that never
/// finishes fails the test instead of hanging it.
final class OutcomeRecorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Result<Value, any Error>?
    private var callCount = 0
    private var waiters: [Int: CheckedContinuation<Result<Value, any Error>?, Never>] = [:]
    private var nextWaiter = 0

    /// How many times ``record(_:)`` was called.
    var calls: Int {
        lock.lock()
        defer { lock.unlock() }
        return callCount
    }

    var current: Result<Value, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    @Sendable func record(_ result: Result<Value, any Error>) {
        lock.lock()
        callCount += 1
        let first = recorded == nil
        if first { recorded = result }
        let toResume = first ? Array(waiters.values) : []
        if first { waiters = [:] }
        lock.unlock()
        for waiter in toResume { waiter.resume(returning: result) }
    }

    /// The outcome, or `nil` if none came within `seconds`.
    func wait(seconds: Double = 20) async -> Result<Value, any Error>? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, any Error>?, Never>) in
            lock.lock()
            if let recorded {
                lock.unlock()
                continuation.resume(returning: recorded)
                return
            }
            let id = nextWaiter
            nextWaiter += 1
            waiters[id] = continuation
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                lock.lock()
                let expired = waiters.removeValue(forKey: id)
                lock.unlock()
                expired?.resume(returning: nil)
            }
        }
    }
}

/// Polls `condition` every millisecond; false if it did not hold within `seconds`.
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}

/// The chain error in `result`, if it is a failure carrying one.
func chainError<Value>(_ result: Result<Value, any Error>?) -> ChainError? {
    guard case .failure(let error)? = result else { return nil }
    return error as? ChainError
}

/// `ChainError` compared by case and names (the underlying error by its description), for
/// `#expect(... == ...)`.
extension ChainError: Equatable {
    public static func == (lhs: ChainError, rhs: ChainError) -> Bool {
        lhs.description == rhs.description && lhs.caseName == rhs.caseName
    }

    private var caseName: String {
        switch self {
        case .operationFailed: "operationFailed"
        case .cancelled: "cancelled"
        case .typeMismatch: "typeMismatch"
        case .missingInput: "missingInput"
        case .ambiguousInput: "ambiguousInput"
        case .dependencyNotFinished: "dependencyNotFinished"
        case .dependencyCycle: "dependencyCycle"
        case .emptyChain: "emptyChain"
        case .operationReused: "operationReused"
        }
    }
}
