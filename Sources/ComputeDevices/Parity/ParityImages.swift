import ImageCodecs

/// Generated images for parity checks: the shapes that break kernels (odd sizes, one row,
/// one column, a size that is no multiple of any work-group) and contents that exercise every
/// byte value, with and without transparency. Deterministic (SplitMix64), so a difference
/// found once is found again.
package enum ParityImages {
    /// 67×45 noise, 31×97 noise with alpha, a 128×96 gradient, 1×1, 1×300 and 300×1.
    package static let standard: [HostImage] = [
        noise(width: 67, height: 45, seed: 1),
        noise(width: 31, height: 97, seed: 2, alpha: true),
        gradient(width: 128, height: 96),
        noise(width: 1, height: 1, seed: 3),
        noise(width: 1, height: 300, seed: 4),
        noise(width: 300, height: 1, seed: 5, alpha: true),
    ]

    /// Every byte from a SplitMix64 stream; alpha 255 unless `alpha`.
    package static func noise(width: Int, height: Int, seed: UInt64, alpha: Bool = false) -> HostImage {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<width * height {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            pixels[i * 4] = UInt8(truncatingIfNeeded: z)
            pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: z >> 8)
            pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: z >> 16)
            if alpha { pixels[i * 4 + 3] = UInt8(truncatingIfNeeded: z >> 24) }
        }
        return HostImage(width: width, height: height, computedPixels: pixels)
    }

    /// Red across, green down, blue diagonally; opaque.
    package static func gradient(width: Int, height: Int) -> HostImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(width > 1 ? x * 255 / (width - 1) : 128)
                pixels[i + 1] = UInt8(height > 1 ? y * 255 / (height - 1) : 128)
                pixels[i + 2] = UInt8((x + y) * 255 / max(1, width + height - 2))
            }
        }
        return HostImage(width: width, height: height, computedPixels: pixels)
    }
}
