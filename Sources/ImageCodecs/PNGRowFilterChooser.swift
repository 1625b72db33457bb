/// PNG's row filters (PNG specification, section 9) applied the way an encoder applies them:
/// each row is filtered with all five, and the one whose bytes, read as signed, have the
/// smallest sum of magnitudes is kept. That is the heuristic of libpng and of Pillow's
/// encoder: small residuals near zero are what DEFLATE's Huffman codes shrink best, so the
/// choice costs five cheap passes per row and no trial compression.
///
/// Every filter is exactly invertible, so the choice changes the size, never the pixels.
struct PNGRowFilterChooser: ~Copyable {
    /// Bytes per complete pixel (3 for RGB, 4 for RGBA): the distance of "left".
    let bytesPerPixel: Int
    /// Bytes of one unfiltered row.
    let rowBytes: Int
    /// One scratch row per filter 1…4 (Sub, Up, Average, Paeth), `rowBytes` each.
    private let candidates: UnsafeMutablePointer<UInt8>
    /// The previous unfiltered row ("up"); zeros before the first row, as the specification says.
    private let zeroRow: UnsafeMutablePointer<UInt8>

    init(bytesPerPixel: Int, rowBytes: Int) {
        self.bytesPerPixel = bytesPerPixel
        self.rowBytes = rowBytes
        candidates = .allocate(capacity: 4 * rowBytes)
        zeroRow = .allocate(capacity: rowBytes)
        zeroRow.initialize(repeating: 0, count: rowBytes)
    }

    deinit {
        candidates.deallocate()
        zeroRow.deallocate()
    }

    /// Writes `row` filtered (its filter type byte, then `rowBytes` bytes) at `output`.
    /// `previous` is the unfiltered row above, or nil for the first row.
    func filter(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, into output: UnsafeMutablePointer<UInt8>) {
        let up = previous ?? UnsafePointer(zeroRow)
        let n = rowBytes, bpp = bytesPerPixel
        let sub = candidates, upRow = candidates + n, average = candidates + 2 * n, paeth = candidates + 3 * n

        var sums = (none: 0, sub: 0, up: 0, average: 0, paeth: 0)
        for i in 0..<n { sums.none &+= Self.magnitude(row[i]) }

        for i in 0..<min(bpp, n) {
            let x = row[i], b = up[i]
            sub[i] = x
            upRow[i] = x &- b
            average[i] = x &- (b >> 1)
            paeth[i] = x &- b           // with a = c = 0, Paeth predicts b
        }
        if n > bpp {
            for i in bpp..<n {
                let x = row[i], a = row[i - bpp], b = up[i], c = up[i - bpp]
                sub[i] = x &- a
                upRow[i] = x &- b
                average[i] = x &- UInt8(truncatingIfNeeded: (UInt16(a) &+ UInt16(b)) >> 1)
                paeth[i] = x &- Self.paethPredictor(a, b, c)
            }
        }
        for i in 0..<n {
            sums.sub &+= Self.magnitude(sub[i])
            sums.up &+= Self.magnitude(upRow[i])
            sums.average &+= Self.magnitude(average[i])
            sums.paeth &+= Self.magnitude(paeth[i])
        }

        // Ties go to the earlier filter, as in libpng and Pillow.
        var best = 0, bestSum = sums.none
        if sums.sub < bestSum { best = 1; bestSum = sums.sub }
        if sums.up < bestSum { best = 2; bestSum = sums.up }
        if sums.average < bestSum { best = 3; bestSum = sums.average }
        if sums.paeth < bestSum { best = 4 }
        output[0] = UInt8(best)
        let chosen = best == 0 ? row : UnsafePointer(candidates + (best - 1) * n)
        (output + 1).update(from: chosen, count: n)
    }

    /// |v| for v read as a signed byte: how far the residual is from zero, either way.
    @inline(__always)
    static func magnitude(_ v: UInt8) -> Int {
        Int(min(v, 0 &- v))
    }

    /// The Paeth predictor (PNG specification, 9.4): of left, up and upper-left, the one
    /// closest to left + up − upper-left, ties in that order.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a16 = Int16(a), b16 = Int16(b), c16 = Int16(c)
        let pa = (b16 &- c16).magnitude
        let pb = (a16 &- c16).magnitude
        let pc = (a16 &+ b16 &- c16 &- c16).magnitude
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
