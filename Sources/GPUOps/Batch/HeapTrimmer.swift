#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Gives freed heap memory back to the system every `interval` images of a batch.
///
/// glibc raises its mmap threshold each time a large block is freed, so after the first
/// photographs, decoded images come from the heap arenas (one per worker thread) instead of
/// fresh mappings. That is what we want for speed (a fixed threshold, which maps and unmaps
/// every image, was measured at 30 s of page-fault time over 2500 images instead of 1.5 s),
/// but freed holes of odd sizes stay resident: peak RSS crept up 14 % over a ten times
/// longer list. `malloc_trim(0)` returns those free pages (and the arenas' tops) every few
/// dozen images, for a small cost in page faults: +4.5 % then, on the CPU path. (The rest
/// came from long-lived blocks allocated among the photos; see `BatchRunner`'s results.)
final class HeapTrimmer: Sendable {
    /// Images between trims.
    let interval: Int
    /// Images finished since the last trim.
    private let sinceLastTrim = Mutex(0)

    init(interval: Int = 32) {
        self.interval = max(1, interval)
    }

    /// Counts one finished image; trims the heap when `interval` images have finished since
    /// the last trim. Returns whether it trimmed (for tests).
    @discardableResult
    func imageFinished() -> Bool {
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
    static func trim() {
        _ = mallocTrim?(0)
    }

    /// Whether this C library can trim (glibc can).
    static var isAvailable: Bool { mallocTrim != nil }

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
