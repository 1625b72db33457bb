/// A parameter an effect refuses, naming the key as the CLI spells it
/// (`--effect tilt-shift:radius=…`), so a usage error points at what to change.
public struct EffectParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let effect: String
    public let key: String
    public let reason: String

    package init(effect: String, key: String, reason: String) {
        self.effect = effect
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(effect): \(key) \(reason)" }
}
