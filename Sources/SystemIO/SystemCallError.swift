import SystemPackage

/// A system call that failed: which call, on which file, and the `errno` it set. The one
/// error type of the POSIX layer, so that every message about a file names the call that
/// failed and the file, in the manner of swift-nio's `IOError`.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call as a user would look it up, e.g. `open`, `write`, `fdatasync`, `rename`.
    public let call: String
    /// The file (or folder) the call was about, as given: its bytes kept (see `PathBytes`).
    public let path: String
    public let errno: Errno

    public init(_ call: String, path: String, errno: Errno) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// The system's text for `errno`, e.g. "No such file or directory".
    public var reason: String { errno.description }

    /// `path: call: reason`, with bytes that are not UTF-8 written `\xNN`.
    public var description: String { "\(PathBytes.displayed(path)): \(call): \(reason)" }
}
