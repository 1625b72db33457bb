import SystemIO

/// Reads `--list FILE`: one input a line; blank lines and lines starting with `#` are
/// ignored; leading and trailing spaces and tabs are dropped; `\n`, `\r\n` and `\r` all end
/// a line. `-` reads standard input. Relative paths in a list are relative to the current
/// folder, as with `tar -T`.
///
/// The list is read a piece at a time (`FileLines`) and each input handed on as it is read,
/// so a list of a million paths is never in memory whole. A line is a path: its bytes are
/// kept whatever they are (see `PathBytes`).
package enum InputListReader {
    /// Calls `body` with each input of the list. A list that cannot be read is an
    /// `BatchSetupError.inputList`; errors `body` throws are rethrown as they are.
    package static func forEachInput(in list: String, _ body: (String) throws -> Void) throws {
        do {
            try FileLines.forEach(in: list) { line in
                if let input = input(onLine: PathBytes.string(decoding: line)) { try body(input) }
            }
        } catch let error as SystemCallError where error.path == list {
            throw BatchSetupError.inputList(list: list, reason: FileLines.reason(error))
        }
    }

    /// The input a list line names, or nil for a blank or comment line.
    package static func input(onLine line: String) -> String? {
        let trimmed = line.trimmingSpaces
        return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : trimmed
    }
}

