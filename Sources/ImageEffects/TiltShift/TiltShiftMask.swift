/// The per-row blend weights of the tilt-shift (docs/SPEC.md §5): 0 (sharp) inside the
/// band around the centre line, rising linearly over the fade to 255 (fully blurred). The
/// same value for every pixel of a row, so a table of one byte per row is the whole mask.
enum TiltShiftMask {
    /// One weight per row of an image `height` rows tall.
    static func rows(height: Int, centre: Double, band: Double, fade: Double) -> [UInt8] {
        let h = Double(height)
        let middle = centre * h, halfBand = band * h / 2, fadeRows = fade * h
        return (0..<height).map { y in
            let d = abs(Double(y) + 0.5 - middle)
            if fadeRows == 0 { return d <= halfBand ? 0 : 255 }
            return UInt8(min(255, max(0, Int(255 * (d - halfBand) / fadeRows))))
        }
    }
}
