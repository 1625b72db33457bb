/// The spec text of an effect, `sepia[:black=#RRGGBB,mid=#RRGGBB,white=#RRGGBB]`,
/// `tilt-shift[:radius=R,centre=C,band=B,fade=F]` or `sharpen[:radius=R,percent=P,threshold=T]`
/// (docs/CLI.md): `--effect` parses it and
/// reports record it. Parse and print live together so that what a report records always
/// parses back to the same effect.
extension ImageEffect {
    /// The effect names, as the spec spells them.
    package static let specNames = ["sepia", "tilt-shift", "sharpen"]
    package static let sepiaKeys = ["black", "mid", "white"]
    package static let tiltShiftKeys = ["radius", "centre", "band", "fade"]
    package static let sharpenKeys = ["radius", "percent", "threshold"]

    /// Every parameter, spelled as `--effect` takes it, e.g.
    /// `sepia:black=#1f1209,mid=#8c6239,white=#f5e6c8`; `init(spec:)` reads it back.
    public var description: String {
        switch self {
        case .sepia(let k):
            "sepia:black=\(k.black),mid=\(k.mid),white=\(k.white)"
        case .tiltShift(let k):
            "tilt-shift:radius=\(Self.number(k.radius)),centre=\(Self.number(k.centre)),band=\(Self.number(k.band)),fade=\(Self.number(k.fade))"
        case .sharpen(let k):
            "sharpen:radius=\(Self.number(k.radius)),percent=\(k.percent),threshold=\(k.threshold)"
        }
    }

    /// Parses a spec. Keys left out keep their defaults; spaces and tabs around the name, each
    /// item, key and value are ignored (the rule of every spec the CLI takes); every error
    /// names the key, since the effect's own range check says the rest.
    package init(spec: String) throws(EffectSpecError) {
        let (name, rest) = Self.split(spec)
        let pairs = try Self.keyValues(rest, effect: name)
        switch name {
        case "sepia":
            var colours = [SepiaKernel.defaultBlack, SepiaKernel.defaultMid, SepiaKernel.defaultWhite]
            for (key, value) in pairs {
                guard let slot = Self.sepiaKeys.firstIndex(of: key) else {
                    throw Self.unknownKey(key, effect: name, keys: Self.sepiaKeys)
                }
                guard let colour = RGBColor(hex: value) else {
                    throw EffectSpecError(description: "sepia: \(key) must be a colour #RRGGBB, got '\(value)'")
                }
                colours[slot] = colour
            }
            self = .sepia(SepiaKernel(black: colours[0], mid: colours[1], white: colours[2]))
        case "tilt-shift":
            var values = [TiltShiftKernel.defaultRadius, TiltShiftKernel.defaultCentre,
                          TiltShiftKernel.defaultBand, TiltShiftKernel.defaultFade]
            for (key, value) in pairs {
                let canonical = key == "center" ? "centre" : key
                guard let slot = Self.tiltShiftKeys.firstIndex(of: canonical) else {
                    throw Self.unknownKey(key, effect: name, keys: Self.tiltShiftKeys)
                }
                guard let number = Double(value), number.isFinite else {
                    throw EffectSpecError(description: "tilt-shift: \(canonical) must be a number, got '\(value)'")
                }
                values[slot] = number
            }
            do {
                self = .tiltShift(try TiltShiftKernel(radius: values[0], centre: values[1], band: values[2], fade: values[3]))
            } catch let error as EffectParameterError {
                throw EffectSpecError(description: error.description)
            } catch {
                throw EffectSpecError(description: "tilt-shift: \(error)")
            }
        case "sharpen":
            self = .sharpen(try Self.sharpen(pairs))
        default:
            throw EffectSpecError(description:
                "unknown effect '\(name)' (effects: \(Self.specNames.joined(separator: ", ")))")
        }
    }

    /// The sharpen of `key=value` pairs: the radius a number, the percent and the threshold whole
    /// numbers, as Pillow's `UnsharpMask` takes them (it refuses a fractional percent).
    private static func sharpen(_ pairs: [(String, String)]) throws(EffectSpecError) -> SharpenKernel {
        var radius = SharpenKernel.defaultRadius
        var percent = SharpenKernel.defaultPercent, threshold = SharpenKernel.defaultThreshold
        for (key, value) in pairs {
            switch key {
            case "radius":
                guard let number = Double(value), number.isFinite else {
                    throw EffectSpecError(description: "sharpen: radius must be a number, got '\(value)'")
                }
                radius = number
            case "percent", "threshold":
                guard let number = Int(value) else {
                    throw EffectSpecError(description: "sharpen: \(key) must be a whole number, got '\(value)'")
                }
                if key == "percent" { percent = number } else { threshold = number }
            default:
                throw unknownKey(key, effect: "sharpen", keys: sharpenKeys)
            }
        }
        do {
            return try SharpenKernel(radius: radius, percent: percent, threshold: threshold)
        } catch {
            throw EffectSpecError(description: error.description)
        }
    }

    /// `6` rather than `6.0`, and the shortest exact spelling otherwise.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    private static func split(_ spec: String) -> (name: String, rest: String?) {
        guard let colon = spec.firstIndex(of: ":") else { return (trimmed(spec), nil) }
        return (trimmed(spec[..<colon]), String(spec[spec.index(after: colon)...]))
    }

    /// `k=v,k=v` in order; a key given twice, an item without `=` or with no value is an error.
    private static func keyValues(_ text: String?, effect: String) throws(EffectSpecError) -> [(String, String)] {
        guard let text else { return [] }
        var pairs: [(String, String)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = trimmed(item)
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw EffectSpecError(description: "\(effect): expected key=value, got '\(part)'")
            }
            let key = trimmed(part[..<equals])
            let value = trimmed(part[part.index(after: equals)...])
            guard !value.isEmpty else { throw EffectSpecError(description: "\(effect): missing value for \(key)") }
            guard !pairs.contains(where: { $0.0 == key }) else {
                throw EffectSpecError(description: "\(effect): \(key) given twice")
            }
            pairs.append((key, value))
        }
        return pairs
    }

    /// The text without leading and trailing spaces and tabs, the rule of every spec and list
    /// the CLI reads (`GlitchSpec`, input lists: BatchPlanning's `trimmingSpaces`); nothing
    /// else, so a value may end in a non-breaking space.
    private static func trimmed(_ text: some StringProtocol) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }),
              let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }

    private static func unknownKey(_ key: String, effect: String, keys: [String]) -> EffectSpecError {
        EffectSpecError(description: "\(effect): unknown key '\(key)' (keys: \(keys.joined(separator: ", ")))")
    }
}

/// An effect spec that does not parse; `description` is the message for the user (without the
/// `--effect SPEC:` prefix, which the option adds).
package struct EffectSpecError: Error, CustomStringConvertible, Equatable {
    package var description: String

    package init(description: String) {
        self.description = description
    }
}
