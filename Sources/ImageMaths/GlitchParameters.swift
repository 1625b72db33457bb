/// What happens at the left and right edges when the channel shift reads past them.
public enum GlitchEdge: String, Sendable, CaseIterable, Codable {
    /// Read the nearest edge pixel.
    case clamp
    /// Read from the other side of the row.
    case wrap
}

/// The glitch filter's settings as a user gives them (docs/SPEC.md §4). A nil size-dependent
/// setting takes its default from the image it is applied to, so one set of parameters suits
/// a whole batch of different sizes.
public struct GlitchParameters: Sendable, Equatable, Codable {
    /// Seed of the hash that places the tears; 0 is a seed like any other.
    public var seed: UInt32 = 0
    /// Channel shift in pixels; default `max(1, W / 100)`.
    public var shift: Int? = nil
    public var edge: GlitchEdge = .clamp
    /// Scanline period in rows; 0 turns scanlines off.
    public var scanlinePeriod: Int = 3
    /// Darkened rows at the start of each period.
    public var scanlineThickness: Int = 1
    /// How much scanlines darken, 0 (not at all) to 255 (black).
    public var scanlineStrength: Int = 96
    /// Number of torn bands.
    public var tears: Int = 6
    /// Largest horizontal displacement of a band; default `W / 16`.
    public var tearShift: Int? = nil
    /// Largest band height; default `max(1, H / 24)`.
    public var tearHeight: Int? = nil

    public init(seed: UInt32 = 0, shift: Int? = nil, edge: GlitchEdge = .clamp,
                scanlinePeriod: Int = 3, scanlineThickness: Int = 1, scanlineStrength: Int = 96,
                tears: Int = 6, tearShift: Int? = nil, tearHeight: Int? = nil) {
        self.seed = seed
        self.shift = shift
        self.edge = edge
        self.scanlinePeriod = scanlinePeriod
        self.scanlineThickness = scanlineThickness
        self.scanlineStrength = scanlineStrength
        self.tears = tears
        self.tearShift = tearShift
        self.tearHeight = tearHeight
    }

    /// The first setting that is out of range, described for a user, or nil when all are valid.
    package var invalidSetting: String? {
        if let s = shift, s < 0 { return "shift must be ≥ 0 (got \(s))" }
        if scanlinePeriod < 0 { return "scanlines must be ≥ 0 (got \(scanlinePeriod))" }
        if scanlineThickness < 0 { return "thickness must be ≥ 0 (got \(scanlineThickness))" }
        if !(0...255).contains(scanlineStrength) { return "strength must be 0...255 (got \(scanlineStrength))" }
        if tears < 0 || tears > 1_000_000 { return "tears must be 0...1000000 (got \(tears))" }
        if let m = tearShift, m < 0 || m > 1 << 28 { return "tear-shift must be 0...\(1 << 28) (got \(m))" }
        if let h = tearHeight, h < 1 { return "tear-height must be ≥ 1 (got \(h))" }
        if let h = tearHeight, h > Int(UInt32.max) { return "tear-height must be ≤ \(UInt32.max) (got \(h))" }
        return nil
    }
}
