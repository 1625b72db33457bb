#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The calls swift-system does not wrap (`fsync`, `fdatasync`, `mkdir`, `rename`, `unlink`,
/// `mkstemp`, `realpath`), made the way swift-system makes its own: `-1` becomes the `Errno`,
/// and `EINTR` is retried here, the one place outside swift-system that handles it.
package enum SystemCall {
    /// Runs `body` until it does not fail with `EINTR`; returns its result or throws its `Errno`.
    package static func retrying<T: FixedWidthInteger>(_ body: () -> T) throws(Errno) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Errno(rawValue: errno)
            if code != .interrupted { throw code }
        }
    }

    /// `retrying`, with a failure recorded as the call on `path`.
    package static func run<T: FixedWidthInteger>(_ call: String, path: String,
                                                  _ body: () -> T) throws(SystemCallError) -> T {
        do {
            return try retrying(body)
        } catch {
            throw SystemCallError(call, path: path, errno: error)
        }
    }

    /// `fsync` (`dataOnly`: `fdatasync`) of an open file.
    package static func sync(_ fd: FileDescriptor, path: String, dataOnly: Bool) throws(SystemCallError) {
        #if canImport(Darwin)
        _ = try run(dataOnly ? "fdatasync" : "fsync", path: path) { fsync(fd.rawValue) }
        #else
        _ = try run(dataOnly ? "fdatasync" : "fsync", path: path) { dataOnly ? fdatasync(fd.rawValue) : fsync(fd.rawValue) }
        #endif
    }
}
