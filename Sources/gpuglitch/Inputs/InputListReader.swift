#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPUOps
import ArgumentParser
import Foundation

/// Reads `--list FILE`: one input a line; blank lines and lines starting with `#` are
/// ignored; leading and trailing spaces and tabs are dropped; `\n`, `\r\n` and `\r` all end
/// a line. `-` reads standard input. Relative paths in a list are relative to the current
/// folder, as with `tar -T`.
///
/// The list is read a piece at a time and each input handed on as it is read, so a list of
/// a million paths is never in memory whole.
enum InputListReader {
    static func forEachInput(in list: String, _ body: (String) throws -> Void) throws {
        let fd: Int32
        if list == "-" {
            fd = STDIN_FILENO
        } else {
            fd = PathBytes.withCPath(list) { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else {
                throw ValidationError("--list: cannot read '\(list)': \(String(cString: strerror(errno)))")
            }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // A line is a path: its bytes are kept whatever they are (see `PathBytes`).
        func emit(_ line: ArraySlice<UInt8>) throws {
            if let input = input(onLine: PathBytes.string(decoding: line)) { try body(input) }
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errno == EISDIR ? "is a folder" : String(cString: strerror(errno))
                throw ValidationError("--list: cannot read '\(list)': \(reason)")
            }
            if n == 0 { break }
            pending.append(contentsOf: chunk[..<n])
            var start = 0
            for i in pending.indices where pending[i] == UInt8(ascii: "\n") || pending[i] == UInt8(ascii: "\r") {
                try emit(pending[start..<i])
                start = i + 1
            }
            pending.removeFirst(start)
        }
        try emit(pending[...])
    }

    /// The input a list line names, or nil for a blank or comment line.
    static func input(onLine line: String) -> String? {
        let trimmed = line.trimmingSpaces
        return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : trimmed
    }
}
