import Foundation

/// A mutex for the chain's own bookkeeping.
///
/// `NSLock.withLock` is not available on every platform version the package supports, so
/// the chain carries this small wrapper. Never held while calling out to user code, other
/// operations or Foundation's queue machinery.
final class ChainLock: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
