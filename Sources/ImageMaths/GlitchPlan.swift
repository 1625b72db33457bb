/// The glitch settings resolved for one `width × height` image, and everything a backend needs
/// to compute any output pixel on its own (docs/SPEC.md §4), reduced once here so that every
/// backend reads the same prepared values and no kernel divides by a variable:
/// - `reducedShift`: with clamp edges any shift ≥ W reads the last column (from the right) and
///   the first (from the left), so `min(shift, W)` is the same; with wrap edges only
///   `shift mod W` matters;
/// - `wrappedRowOffsets`: a row's tear offset `off` as `off mod W` in `0..<W`, because
///   `mod(x + off, W)` equals `mod(x + (off mod W), W)`;
/// - `darkening`: the scanline darkening of every channel value, `(c · (255 − k) + 127) / 255`.
///
/// Built once per image on the host, for the image's own size (by `GlitchKernel`). The
/// initialiser checks the parameters: a value out of range is a `GlitchPlanError`, the same on
/// every backend, never a crash.
package struct GlitchPlan: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// The shift as given (or its default); `reducedShift` is what the passes read.
    package let shift: Int
    package let edge: GlitchEdge
    package let scanlinePeriod: Int
    package let scanlineThickness: Int
    package let scanlineStrength: Int
    /// Horizontal displacement of each row, `height` entries, as docs/SPEC.md §4.3 draws them.
    package let rowOffsets: [Int32]
    /// `rowOffsets[y] mod width`, in `0..<width`.
    package let wrappedRowOffsets: [Int32]
    /// `min(shift, width)` for clamp edges, `shift mod width` for wrap edges.
    package let reducedShift: Int
    /// The darkened value of every channel value 0...255 on a scanline row.
    package let darkening: [UInt8]

    /// The largest width the plan accepts: the kernels index rows with 32-bit integers and add
    /// a shift to a column, so `2 · width` must fit Int32.
    package static let maximumWidth = Int(Int32.max) / 2

    package init(parameters p: GlitchParameters, width: Int, height: Int) throws(GlitchPlanError) {
        try Self.check(parameters: p, width: width, height: height)
        self.width = width
        self.height = height
        shift = p.shift ?? max(1, width / 100)
        edge = p.edge
        scanlinePeriod = p.scanlinePeriod
        scanlineThickness = p.scanlineThickness
        scanlineStrength = p.scanlineStrength
        let offsets = GlitchPlan.rowOffsets(seed: p.seed, height: height, tears: p.tears,
                                            tearShift: p.tearShift ?? width / 16,
                                            tearHeight: p.tearHeight ?? max(1, height / 24))
        rowOffsets = offsets
        wrappedRowOffsets = offsets.map { off in
            let r = Int(off) % width
            return Int32(r < 0 ? r + width : r)
        }
        reducedShift = p.edge == .wrap ? shift % width : min(shift, width)
        let keep = 255 - p.scanlineStrength
        darkening = (0..<256).map { c in UInt8((c * keep + 127) / 255) }
    }

    /// Throws what `init` would throw for these arguments, without making the plan: the size
    /// first, then the first parameter out of range.
    public static func check(parameters: GlitchParameters, width: Int, height: Int) throws(GlitchPlanError) {
        guard width > 0, height > 0, width <= maximumWidth else {
            throw .invalidSize(width: width, height: height)
        }
        if let problem = parameters.invalidSetting { throw .invalidSetting(problem) }
    }

    /// Row offsets: every row 0, then each band in order overwrites its rows.
    package static func rowOffsets(seed: UInt32, height: Int, tears: Int, tearShift m: Int,
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
    package func darken(_ c: Int) -> Int { Int(darkening[c]) }

    /// Whether row `y` is a scanline.
    @inline(__always)
    package func isScanline(_ y: Int) -> Bool { scanlinePeriod > 0 && y % scanlinePeriod < scanlineThickness }

    /// What row `y` keeps of each channel, out of 255: `255 − strength` on scanline rows, 255
    /// elsewhere (where `(c · 255 + 127) / 255 = c`, so a pass may skip the row).
    @inline(__always)
    package func scanlineKeep(_ y: Int) -> Int { isScanline(y) ? 255 - scanlineStrength : 255 }
}

/// Glitch parameters that cannot make a plan: one of them is out of range, or the image size
/// is not one the passes accept.
public enum GlitchPlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter out of range, described for a user (e.g. "strength must be 0...255 (got 999)").
    case invalidSetting(String)
    /// An empty image, or one wider than `GlitchPlan.maximumWidth`.
    case invalidSize(width: Int, height: Int)

    public var description: String {
        switch self {
        case .invalidSetting(let problem): "invalid glitch parameter: \(problem)"
        case let .invalidSize(width, height): "cannot glitch a \(width)x\(height) image"
        }
    }
}

/// The stateless hash the glitch draws its random numbers from, so any draw can be computed
/// alone, on any device, in any order.
package enum GlitchHash {
    @inline(__always)
    package static func hash32(_ v: UInt32) -> UInt32 {
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
    package static func rand(_ seed: UInt32, _ i: Int, _ j: Int) -> UInt32 {
        hash32(seed ^ hash32(UInt32(truncatingIfNeeded: i) &* 3 &+ UInt32(truncatingIfNeeded: j) &+ 1))
    }
}
