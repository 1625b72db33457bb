#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPUOps

/// Reads a file (or standard input, `-`) a piece at a time and hands over each line's bytes,
/// without the line end: `\n`, `\r\n` and `\r` all end a line (so `\r\n` also yields an empty
/// line). A list of a million paths or a report of a million lines is never in memory whole.
enum FileLines {
    /// A file that could not be opened or read: the `strerror` text, or "is a folder".
    struct ReadError: Error {
        var reason: String
    }

    static func forEach(in path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            fd = PathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: errno == EISDIR ? "is a folder" : String(cString: strerror(errno)))
            }
            if n == 0 { break }
            pending.append(contentsOf: chunk[..<n])
            var start = 0
            for i in pending.indices where pending[i] == UInt8(ascii: "\n") || pending[i] == UInt8(ascii: "\r") {
                try body(pending[start..<i])
                start = i + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { try body(pending[...]) }
    }
}
