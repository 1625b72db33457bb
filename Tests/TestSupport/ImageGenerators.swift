import CPUCompute
import GPUOps
import OpenCLCompute

/// Deterministic test images. Every generator is a pure function of its arguments, so a
/// failing case can be rebuilt from the numbers printed with it.
public enum TestImages {
    /// Smooth gradients: red grows along x, green along y, blue along the diagonal, opaque.
    public static func gradient(width: Int, height: Int) -> HostImage {
        var p = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                p[i] = UInt8(width > 1 ? x * 255 / (width - 1) : 128)
                p[i + 1] = UInt8(height > 1 ? y * 255 / (height - 1) : 128)
                p[i + 2] = UInt8((x + y) * 255 / max(1, width + height - 2))
            }
        }
        return HostImage(width: width, height: height, computedPixels: p)
    }

    /// Uniform noise from a seeded generator. With `alpha` the alpha channel is noise too
    /// (some of it 0 and 255), otherwise 255.
    public static func noise(width: Int, height: Int, seed: UInt64, alpha: Bool = false) -> HostImage {
        var rng = SplitMix64(seed: seed)
        var p = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let v = rng.next()
            p[4 * i] = UInt8(truncatingIfNeeded: v)
            p[4 * i + 1] = UInt8(truncatingIfNeeded: v >> 8)
            p[4 * i + 2] = UInt8(truncatingIfNeeded: v >> 16)
            if alpha {
                let a = UInt8(truncatingIfNeeded: v >> 24)
                p[4 * i + 3] = a < 16 ? 0 : (a > 240 ? 255 : a)
            }
        }
        return HostImage(width: width, height: height, computedPixels: p)
    }

    /// A `side`×`side` image in four quadrants, diagonal ones alike: green (0, 255, 0)
    /// where `(x < side/2) == (y < side/2)`, else (255, 0, 255); opaque. Enlarged with lanczos
    /// its step edges ring below 0 and above 255 in every colour channel, so clipping shows.
    public static func quadrantSteps(side: Int) -> HostImage {
        var p = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let v: UInt8 = (x < side / 2) == (y < side / 2) ? 0 : 255
                let i = (y * side + x) * 4
                p[i] = v
                p[i + 1] = 255 - v
                p[i + 2] = v
            }
        }
        return HostImage(width: side, height: side, computedPixels: p)
    }

    /// Sharp-edged blocks (worst case for ringing filters such as lanczos).
    public static func checkerboard(width: Int, height: Int, cell: Int = 3) -> HostImage {
        var p = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where (x / cell + y / cell) % 2 == 0 {
                let i = (y * width + x) * 4
                p[i] = 0
                p[i + 1] = 40
                p[i + 2] = 200
            }
        }
        return HostImage(width: width, height: height, computedPixels: p)
    }
}

/// SplitMix64: a tiny, well-known, seedable generator (Steele, Lea, Flood 2014), so random
/// test cases are the same on every machine and every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
