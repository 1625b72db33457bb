import Foundation

/// State that is only ever read or written under its lock, in the manner of swift-nio's
/// `NIOLockedValueBox`: `withLock { state in … }` is the only way in.
///
/// The chain's state holds the values operations hand each other (`Input`, `Output`, their
/// erased `Any` outcome), which the chain passes between threads by contract but which need
/// not be `Sendable`; `Synchronization.Mutex`, used everywhere else in the package, refuses
/// those under its `sending` rules. Never held while calling out to user code, other
/// operations or Foundation's queue machinery.
// @unchecked Sendable: `value` is touched only inside `withLock`, under `lock`.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
