import Foundation

/// The integer Gaussian libvips' `gaussblur` convolves with by default (its `gaussmat` at
/// integer precision, minimum amplitude 0.2): `round(20·exp(−x²/2σ²))` for each offset, out to
/// the last offset whose unrounded value is at least 0.2. The floating point happens here,
/// once, on the host; the blur itself is integer.
package struct GaussianTaps: Sendable, Equatable {
    /// Weights for offsets `−radius … radius`.
    package let weights: [Int64]
    package var radius: Int { weights.count / 2 }

    package init(sigma: Double) {
        guard sigma >= 0.2 else {
            // gaussblur copies the image for a smaller sigma.
            weights = [1]
            return
        }
        let twoSigmaSquared = 2 * sigma * sigma
        let limit = max(0, Int(8 * sigma))
        var x = 0
        while x < limit, exp(-Double(x * x) / twoSigmaSquared) >= 0.2 { x += 1 }
        let width = 2 * max(x - 1, 0) + 1
        weights = (0..<width).map { i in
            let offset = i - width / 2
            return Int64((20 * exp(-Double(offset * offset) / twoSigmaSquared)).rounded(.toNearestOrEven))
        }
    }
}
