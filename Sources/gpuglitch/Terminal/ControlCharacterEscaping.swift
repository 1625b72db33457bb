import GPUOps
import SystemIO

/// Makes text safe for a one-line message or a tab-separated field: a file name may hold any
/// byte but `/` and NUL, and a newline or tab in it would split one failure over two lines or
/// shift the columns of the dry-run plan. Control characters become C-style escapes (`\n`,
/// `\t`, `\r`, `\u{1B}` as `\x1b`), a byte that is not UTF-8 (see `PathBytes`) as `\xNN`, and
/// a backslash is doubled so the escapes stay readable.
enum ControlCharacterEscaping {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                out += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            case _ where PathBytes.isEmbeddedByte(scalar):
                out += PathBytes.displayed(String(scalar))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar == "\\"
            || PathBytes.isEmbeddedByte(scalar)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
