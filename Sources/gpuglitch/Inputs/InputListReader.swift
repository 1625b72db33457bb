import ArgumentParser
import Foundation

/// Reads `--list FILE`: one input a line; blank lines and lines starting with `#` are
/// ignored; leading and trailing spaces are dropped; `\n` and `\r\n` both end a line. `-` reads standard
/// input. Relative paths in a list are relative to the current folder, as with `tar -T`.
enum InputListReader {
    static func read(_ list: String) throws(ValidationError) -> [String] {
        let data: Data
        if list == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: list) else {
                let reason: String
                switch FileSystem.kind(of: list) {
                case .unavailable(let text): reason = text
                case .directory: reason = "is a folder"
                default: reason = "cannot be read"
                }
                throw ValidationError("--list: cannot read '\(list)': \(reason)")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("--list: '\(list)' is not UTF-8 text")
        }
        return lines(of: text)
    }

    /// The inputs named in a list's text.
    static func lines(of text: String) -> [String] {
        // `\r\n` is one Character in Swift, so split on "any newline", not on "\n".
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { line in
            let trimmed = String(line).trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
            return trimmed
        }
    }
}
