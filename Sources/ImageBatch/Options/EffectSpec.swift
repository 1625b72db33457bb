import GPUOps

/// Parses one `--effect` value: `sepia[:black=#RRGGBB,mid=#RRGGBB,white=#RRGGBB]` or
/// `tilt-shift[:radius=R,centre=C,band=B,fade=F]` (docs/CLI.md). Keys left out keep their
/// defaults; every error names the key, since the effect's own range check says the rest.
package enum EffectSpec {
    package struct ParseError: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    package static let names = ["sepia", "tilt-shift"]
    package static let sepiaKeys = ["black", "mid", "white"]
    package static let tiltShiftKeys = ["radius", "centre", "band", "fade"]

    package static func parse(_ spec: String) throws(ParseError) -> ImageEffect {
        let (name, rest) = split(spec)
        let pairs = try keyValues(rest, effect: name)
        switch name {
        case "sepia":
            var colours = [SepiaKernel.defaultBlack, SepiaKernel.defaultMid, SepiaKernel.defaultWhite]
            for (key, value) in pairs {
                guard let slot = sepiaKeys.firstIndex(of: key) else { throw unknownKey(key, effect: name, keys: sepiaKeys) }
                guard let colour = RGBColor(hex: value) else {
                    throw ParseError(description: "sepia: \(key) must be a colour #RRGGBB, got '\(value)'")
                }
                colours[slot] = colour
            }
            return .sepia(SepiaKernel(black: colours[0], mid: colours[1], white: colours[2]))
        case "tilt-shift":
            var values = [TiltShiftKernel.defaultRadius, TiltShiftKernel.defaultCentre,
                          TiltShiftKernel.defaultBand, TiltShiftKernel.defaultFade]
            for (key, value) in pairs {
                let canonical = key == "center" ? "centre" : key
                guard let slot = tiltShiftKeys.firstIndex(of: canonical) else {
                    throw unknownKey(key, effect: name, keys: tiltShiftKeys)
                }
                guard let number = Double(value), number.isFinite else {
                    throw ParseError(description: "tilt-shift: \(canonical) must be a number, got '\(value)'")
                }
                values[slot] = number
            }
            do {
                return .tiltShift(try TiltShiftKernel(radius: values[0], centre: values[1], band: values[2], fade: values[3]))
            } catch let error as EffectParameterError {
                throw ParseError(description: error.description)
            } catch {
                throw ParseError(description: "tilt-shift: \(error)")
            }
        default:
            throw ParseError(description: "unknown effect '\(name)' (effects: \(names.joined(separator: ", ")))")
        }
    }

    private static func split(_ spec: String) -> (name: String, rest: String?) {
        guard let colon = spec.firstIndex(of: ":") else { return (spec.trimmingCharacters(in: " "), nil) }
        return (String(spec[..<colon]).trimmingCharacters(in: " "), String(spec[spec.index(after: colon)...]))
    }

    /// `k=v,k=v` in order; a key given twice, an item without `=` or with no value is an error.
    private static func keyValues(_ text: String?, effect: String) throws(ParseError) -> [(String, String)] {
        guard let text else { return [] }
        var pairs: [(String, String)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = String(item).trimmingCharacters(in: " ")
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw ParseError(description: "\(effect): expected key=value, got '\(part)'")
            }
            let key = String(part[..<equals]).trimmingCharacters(in: " ")
            let value = String(part[part.index(after: equals)...]).trimmingCharacters(in: " ")
            guard !value.isEmpty else { throw ParseError(description: "\(effect): missing value for \(key)") }
            guard !pairs.contains(where: { $0.0 == key }) else {
                throw ParseError(description: "\(effect): \(key) given twice")
            }
            pairs.append((key, value))
        }
        return pairs
    }

    private static func unknownKey(_ key: String, effect: String, keys: [String]) -> ParseError {
        ParseError(description: "\(effect): unknown key '\(key)' (keys: \(keys.joined(separator: ", ")))")
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
