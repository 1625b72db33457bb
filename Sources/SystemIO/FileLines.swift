import SystemPackage

/// Reads a file (or standard input, `-`) a piece at a time and hands over each line's bytes,
/// without the line end: `\n`, `\r\n` and `\r` all end a line (so `\r\n` also yields an empty
/// line). A list of a million paths or a report of a million lines is never in memory whole.
package enum FileLines {
    /// Calls `body` with each line. A file that cannot be opened or read is a
    /// `SystemCallError`; errors `body` throws are rethrown as they are.
    package static func forEach(in path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        let fd = path == "-" ? FileDescriptor.standardInput : try OpenFile.open(path, .readOnly)
        defer { if path != "-" { try? fd.close() } }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n: Int
            do {
                n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
            } catch {
                throw SystemCallError("read", path: path, errno: error as? Errno ?? .ioError)
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

    /// The reason a list or report could not be read, for messages: "is a folder" for a
    /// folder, else the system's text.
    package static func reason(_ error: SystemCallError) -> String {
        error.errno == .isDirectory ? "is a folder" : error.reason
    }
}
