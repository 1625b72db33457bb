import Foundation

/// How many of the next calls a test double should fail: set it, and `shouldFail()` answers
/// true that many times (forever with `always`). Thread-safe: the calls come from the
/// library's threads.
public final class FailureSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining = 0
    private var taken = 0

    public init() {}

    /// Fail the next `count` calls.
    public func failNext(_ count: Int = 1) { lock.withLock { remaining = count } }
    /// Fail every call from now on.
    public func failAlways() { lock.withLock { remaining = -1 } }
    /// Stop failing.
    public func reset() { lock.withLock { remaining = 0 } }
    /// Calls failed so far.
    public var failures: Int { lock.withLock { taken } }

    /// Whether this call fails; counts it when it does.
    public func shouldFail() -> Bool {
        lock.withLock {
            guard remaining != 0 else { return false }
            if remaining > 0 { remaining -= 1 }
            taken += 1
            return true
        }
    }
}
