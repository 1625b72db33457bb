#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// Whole-line writes to standard error and standard output, safe from any thread.
///
/// Writes go straight to the file descriptor (no C `FILE` buffering, no global `stderr`
/// variable, which Swift 6 rejects as shared mutable state), under one lock so that a
/// progress redraw and an error line from another thread never interleave.
enum Console {
    private static let lock = NSLock()

    /// Whether standard error is a terminal (progress bars only make sense there).
    static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` to standard error as is (add the newline yourself).
    static func error(_ text: String) {
        lock.withLock { writeAll(text, to: STDERR_FILENO) }
    }

    /// Writes `text` to standard output as is, under the same lock.
    static func output(_ text: String) {
        lock.withLock { writeAll(text, to: STDOUT_FILENO) }
    }

    /// Runs `body` with the lock held, for a caller that composes several writes (clearing
    /// the progress line, printing an error, redrawing).
    static func withLock<T>(_ body: () -> T) -> T {
        lock.withLock(body)
    }

    /// Writes without taking the lock; only for use inside `withLock`.
    static func errorUnlocked(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    private static func writeAll(_ text: String, to fd: Int32) {
        // A failed write (a closed pipe) leaves nothing useful to do with the text.
        _ = try? FileDescriptor(rawValue: fd).writeAll(text.utf8)
    }
}
