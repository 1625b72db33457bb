import Foundation

/// Where libvips 8.14's attention crop puts a `cropWidth × cropHeight` window in a
/// `width × height` picture, given the attention scores of the picture shrunk to
/// `AttentionWindow.mapSize` (docs/SPEC.md §3.1): the scores are blurred with libvips'
/// integer Gaussian, the first greatest blurred score (row by row) is mapped back to the
/// picture, and the window is centred on it, clamped to the picture.
package enum AttentionWindow {
    /// The side of the square the picture is shrunk to before scoring: it sets how finely
    /// the window can be placed.
    package static let mapSize = 32

    /// The box-filter shrink before the lanczos resize to the map, as libvips' `resize` shrinks
    /// by whole factors first (its reducing gap of 2: the factor is ⌊side / 64⌋ on each axis),
    /// or nil when neither axis is at least twice the map's 64. Rounded to the nearest size.
    package static func boxShrinkSize(width: Int, height: Int) -> PixelSize? {
        let fx = max(1, width / (2 * mapSize)), fy = max(1, height / (2 * mapSize))
        guard fx > 1 || fy > 1 else { return nil }
        return PixelSize(width: (width + fx / 2) / fx, height: (height + fy / 2) / fy)
    }

    /// libvips' blur: σ = max(√((cw·32/W)² + (ch·32/H)²) / 10, 1), the crop's size on the map.
    package static func blurSigma(cropWidth: Int, cropHeight: Int, width: Int, height: Int) -> Double {
        let w = Double(cropWidth) * Double(mapSize) / Double(width)
        let h = Double(cropHeight) * Double(mapSize) / Double(height)
        return max((w * w + h * h).squareRoot() / 10, 1)
    }

    /// The window's top-left corner.
    package static func origin(scores: AttentionScores, cropWidth: Int, cropHeight: Int,
                               width: Int, height: Int) -> (x: Int, y: Int) {
        let taps = GaussianTaps(sigma: blurSigma(cropWidth: cropWidth, cropHeight: cropHeight,
                                                 width: width, height: height))
        let blurred = blur(scores.values, width: scores.width, height: scores.height, taps: taps)
        var best = 0
        for i in blurred.indices where blurred[i] > blurred[best] { best = i }
        let mapX = best % scores.width, mapY = best / scores.width
        // libvips maps back with x / (32 / W), truncated: x·W/32 for the map's 32 columns.
        let centreX = mapX * width / scores.width, centreY = mapY * height / scores.height
        return (min(max(centreX - cropWidth / 2, 0), width - cropWidth),
                min(max(centreY - cropHeight / 2, 0), height - cropHeight))
    }

    /// The separable blur, rows then columns, edges repeated, without the final division
    /// (the greatest value does not move when every value is scaled by the same amount).
    package static func blur(_ values: [Int64], width: Int, height: Int, taps: GaussianTaps) -> [Int64] {
        let r = taps.radius
        var rows = [Int64](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum: Int64 = 0
                for k in -r...r { sum += taps.weights[k + r] * values[y * width + min(max(x + k, 0), width - 1)] }
                rows[y * width + x] = sum
            }
        }
        var result = [Int64](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum: Int64 = 0
                for k in -r...r { sum += taps.weights[k + r] * rows[min(max(y + k, 0), height - 1) * width + x] }
                result[y * width + x] = sum
            }
        }
        return result
    }
}
