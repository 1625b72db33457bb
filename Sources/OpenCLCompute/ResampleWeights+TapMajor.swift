import ImageMaths

extension ResampleWeights {
    /// The coefficients tap-major, as the portable horizontal kernel reads them: tap `i` of
    /// output `x` at `i * count + x` (zero past the output's own taps). At each tap the
    /// work-items of neighbouring output columns then read neighbouring words, which a GPU
    /// coalesces; output-major (`coefficients`) puts them `taps` words apart.
    var tapMajorCoefficients: [Int32] {
        var tapMajor = [Int32](repeating: 0, count: coefficients.count)
        for x in 0..<count {
            for i in 0..<taps {
                tapMajor[i * count + x] = coefficients[x * taps + i]
            }
        }
        return tapMajor
    }
}
