/// The glitch settings resolved for one `width × height` image, plus the per-row tear offsets:
/// everything a backend needs to compute any output pixel on its own (docs/SPEC.md §4). Built once
/// per image on the host, shared by the CPU and OpenCL paths.
public struct GlitchPlan: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let shift: Int
    public let edge: GlitchEdge
    public let scanlinePeriod: Int
    public let scanlineThickness: Int
    public let scanlineStrength: Int
    /// Horizontal displacement of each row, `height` entries.
    public let rowOffsets: [Int32]

    public init(parameters p: GlitchParameters, width: Int, height: Int) {
        precondition(width > 0 && height > 0)
        self.width = width
        self.height = height
        shift = p.shift ?? max(1, width / 100)
        edge = p.edge
        scanlinePeriod = p.scanlinePeriod
        scanlineThickness = p.scanlineThickness
        scanlineStrength = p.scanlineStrength
        rowOffsets = GlitchPlan.rowOffsets(seed: p.seed, height: height, tears: p.tears,
                                           tearShift: p.tearShift ?? width / 16,
                                           tearHeight: p.tearHeight ?? max(1, height / 24))
    }

    /// Row offsets: every row 0, then each band in order overwrites its rows.
    public static func rowOffsets(seed: UInt32, height: Int, tears: Int, tearShift m: Int,
                                  tearHeight h: Int) -> [Int32] {
        var offsets = [Int32](repeating: 0, count: height)
        for i in 0..<tears {
            let y0 = Int(GlitchHash.rand(seed, i, 0) % UInt32(height))
            let hb = 1 + Int(GlitchHash.rand(seed, i, 1) % UInt32(h))
            let off = Int(GlitchHash.rand(seed, i, 2) % UInt32(2 * m + 1)) - m
            for y in y0..<min(height, y0 + hb) {
                offsets[y] = Int32(off)
            }
        }
        return offsets
    }

    /// Scanline darkening of one channel value: `(c * (255 - k) + 127) / 255`.
    @inline(__always)
    public func darken(_ c: Int) -> Int { (c * (255 - scanlineStrength) + 127) / 255 }

    /// Whether row `y` is a scanline.
    @inline(__always)
    public func isScanline(_ y: Int) -> Bool { scanlinePeriod > 0 && y % scanlinePeriod < scanlineThickness }
}

/// The stateless hash the glitch draws its random numbers from, so any draw can be computed
/// alone, on any device, in any order.
public enum GlitchHash {
    @inline(__always)
    public static func hash32(_ v: UInt32) -> UInt32 {
        var x = v
        x ^= x >> 16
        x &*= 0x7feb352d
        x ^= x >> 15
        x &*= 0x846c_a68b
        x ^= x >> 16
        return x
    }

    /// The `j`-th draw of band `i`.
    @inline(__always)
    public static func rand(_ seed: UInt32, _ i: Int, _ j: Int) -> UInt32 {
        hash32(seed ^ hash32(UInt32(truncatingIfNeeded: i) &* 3 &+ UInt32(truncatingIfNeeded: j) &+ 1))
    }
}
