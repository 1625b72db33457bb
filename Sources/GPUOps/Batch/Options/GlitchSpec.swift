
/// Parses the `--glitch` option: comma-separated `key=value` pairs, e.g.
/// `seed=7,shift=10,edge=wrap,scanlines=4,thickness=2,strength=128,tears=8,tear-shift=40,tear-height=20`.
///
/// Keys not given keep `GlitchParameters`' defaults. Spaces and tabs around an item, key or
/// value are ignored, as in `--effect` (`ImageEffect(spec:)`). Every error names the part of the
/// spec that is wrong, because a long spec with one bad value is otherwise hard to fix.
package enum GlitchSpec {
    /// The keys, in the order the help and error messages list them.
    package static let keys = ["seed", "shift", "edge", "scanlines", "thickness", "strength",
                       "tears", "tear-shift", "tear-height"]

    /// A spec that could not be parsed; `description` is the message for the user (without
    /// the `--glitch:` prefix, which the option adds).
    package struct ParseError: Error, CustomStringConvertible, Equatable {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    package static func parse(_ spec: String) throws(ParseError) -> GlitchParameters {
        if spec.trimmingSpaces.isEmpty {
            throw ParseError(description:
                "empty spec (expected key=value pairs separated by commas, e.g. seed=7,shift=10)")
        }
        var parameters = GlitchParameters()
        var seen: Set<String> = []
        for rawPart in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(rawPart)
            let trimmedPart = part.trimmingSpaces
            if trimmedPart.isEmpty {
                throw ParseError(description: "empty item in '\(spec)' (a stray comma?)")
            }
            guard let equals = trimmedPart.firstIndex(of: "=") else {
                throw ParseError(description: "expected key=value, got '\(trimmedPart)'")
            }
            let key = String(trimmedPart[..<equals]).trimmingSpaces
            let value = String(trimmedPart[trimmedPart.index(after: equals)...]).trimmingSpaces
            guard keys.contains(key) else {
                throw ParseError(description: unknownKeyMessage(key, part: trimmedPart))
            }
            guard !value.isEmpty else {
                throw ParseError(description: "missing value for '\(key)' in '\(trimmedPart)'")
            }
            guard seen.insert(key).inserted else {
                throw ParseError(description: "'\(key)' given twice in '\(spec)'")
            }
            var single = GlitchParameters()
            try apply(key: key, value: value, part: trimmedPart, to: &single)
            // The library's ranges are per setting, so checking a copy that differs from the
            // (valid) defaults in this key alone pins an out-of-range value on its own part.
            if let problem = single.invalidSetting {
                throw ParseError(description: "\(problem) in '\(trimmedPart)'")
            }
            try apply(key: key, value: value, part: trimmedPart, to: &parameters)
        }
        return parameters
    }

    private static func apply(key: String, value: String, part: String,
                              to p: inout GlitchParameters) throws(ParseError) {
        switch key {
        case "seed":
            guard let seed = UInt32(value) else {
                throw ParseError(description:
                    "seed must be a whole number 0...\(UInt32.max) (got '\(value)') in '\(part)'")
            }
            p.seed = seed
        case "edge":
            guard let edge = GlitchEdge(rawValue: value) else {
                throw ParseError(description: "edge must be clamp or wrap (got '\(value)') in '\(part)'")
            }
            p.edge = edge
        case "shift": p.shift = try integer(value, part: part)
        case "scanlines": p.scanlinePeriod = try integer(value, part: part)
        case "thickness": p.scanlineThickness = try integer(value, part: part)
        case "strength": p.scanlineStrength = try integer(value, part: part)
        case "tears": p.tears = try integer(value, part: part)
        case "tear-shift": p.tearShift = try integer(value, part: part)
        case "tear-height": p.tearHeight = try integer(value, part: part)
        default:
            throw ParseError(description: unknownKeyMessage(key, part: part))
        }
    }

    private static func integer(_ value: String, part: String) throws(ParseError) -> Int {
        guard let n = Int(value) else {
            throw ParseError(description: "'\(value)' is not a whole number in '\(part)'")
        }
        return n
    }

    private static func unknownKeyMessage(_ key: String, part: String) -> String {
        var message = "unknown key '\(key)' in '\(part)' (known: \(keys.joined(separator: ", ")))"
        if let near = keys.min(by: { editDistance($0, key) < editDistance($1, key) }),
           editDistance(near, key) <= 2 {
            message += "; did you mean '\(near)'?"
        }
        return message
    }

    /// Levenshtein distance, for the "did you mean" hint.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
