#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Gives freed heap memory back to the system every `interval` images of a batch
/// (`BatchJob.heapTrimInterval`).
///
/// glibc serves the decoded images of a long batch from its per-thread heap arenas and keeps
/// their freed blocks there for reuse, which is fast, but holes of odd sizes stay resident and
/// a long batch's memory creeps up. `malloc_trim(0)` returns those free pages (and the arenas'
/// tops) to the system, for some page faults afterwards. docs/BENCHMARKS.md ("Heap trimming
/// and the batch's bounds") has the measurements behind the default interval.
package final class HeapTrimmer: Sendable {
    /// The interval a batch trims at unless told otherwise.
    package static let standardInterval = 32
    /// Images between trims.
    package let interval: Int
    /// Images finished since the last trim.
    private let sinceLastTrim = Mutex(0)

    package init(interval: Int = HeapTrimmer.standardInterval) {
        self.interval = max(1, interval)
    }

    /// Counts one finished image; trims the heap when `interval` images have finished since
    /// the last trim. Returns whether it trimmed (for tests).
    @discardableResult
    package func imageFinished() -> Bool {
        let interval = self.interval
        let due = sinceLastTrim.withLock { count -> Bool in
            count += 1
            guard count >= interval else { return false }
            count = 0
            return true
        }
        if due { Self.trim() }
        return due
    }

    /// Releases free heap memory to the system, where the C library can.
    package static func trim() {
        _ = mallocTrim?(0)
    }

    /// Whether this C library can trim (glibc can).
    package static var isAvailable: Bool { mallocTrim != nil }

    /// glibc's `int malloc_trim(size_t pad)`, looked up at run time: it is declared in
    /// `<malloc.h>`, which the `Glibc` module does not import, and other C libraries lack it
    /// (then trimming is skipped).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
