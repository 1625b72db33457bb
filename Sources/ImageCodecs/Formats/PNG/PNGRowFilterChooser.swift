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
        var start = bpp
        if n >= bpp + 16 {
            // 16 bytes at a time, the same arithmetic as the scalar loop below (Paeth in 16-bit
            // lanes, where a + b − 2c cannot overflow); the scalar loop takes what is left.
            let raw = UnsafeRawPointer(row), rawUp = UnsafeRawPointer(up)
            var accSub = SIMD16<UInt16>(), accUp = SIMD16<UInt16>(), accAverage = SIMD16<UInt16>(), accPaeth = SIMD16<UInt16>()
            var blocks = 0
            var i = bpp
            while i + 16 <= n {
                let x = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let a = raw.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
                let b = rawUp.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let c = rawUp.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
                let s = x &- a, u = x &- b
                let a16 = SIMD16<Int16>(truncatingIfNeeded: a), b16 = SIMD16<Int16>(truncatingIfNeeded: b)
                let c16 = SIMD16<Int16>(truncatingIfNeeded: c)
                let v = x &- SIMD16<UInt8>(truncatingIfNeeded: (a16 &+ b16) &>> 1)
                let dbc = b16 &- c16, dac = a16 &- c16, dabc = dbc &+ dac
                let pa = pointwiseMax(dbc, 0 &- dbc), pb = pointwiseMax(dac, 0 &- dac), pc = pointwiseMax(dabc, 0 &- dabc)
                var predictor = c16.replacing(with: b16, where: pb .<= pc)
                predictor = predictor.replacing(with: a16, where: (pa .<= pb) .& (pa .<= pc))
                let p = x &- SIMD16<UInt8>(truncatingIfNeeded: predictor)
                UnsafeMutableRawPointer(sub).storeBytes(of: s, toByteOffset: i, as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(upRow).storeBytes(of: u, toByteOffset: i, as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(average).storeBytes(of: v, toByteOffset: i, as: SIMD16<UInt8>.self)
                UnsafeMutableRawPointer(paeth).storeBytes(of: p, toByteOffset: i, as: SIMD16<UInt8>.self)
                accSub &+= SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(s, 0 &- s))
                accUp &+= SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(u, 0 &- u))
                accAverage &+= SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(v, 0 &- v))
                accPaeth &+= SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(p, 0 &- p))
                blocks &+= 1
                if blocks == 256 {   // 256 blocks of at most 128 a lane: still within UInt16
                    sums.sub &+= Self.total(accSub); sums.up &+= Self.total(accUp)
                    sums.average &+= Self.total(accAverage); sums.paeth &+= Self.total(accPaeth)
                    accSub = .zero; accUp = .zero; accAverage = .zero; accPaeth = .zero
                    blocks = 0
                }
                i &+= 16
            }
            sums.sub &+= Self.total(accSub); sums.up &+= Self.total(accUp)
            sums.average &+= Self.total(accAverage); sums.paeth &+= Self.total(accPaeth)
            start = i
        }
        if n > start {
            for i in start..<n {
                let x = row[i], a = row[i - bpp], b = up[i], c = up[i - bpp]
                sub[i] = x &- a
                upRow[i] = x &- b
                average[i] = x &- UInt8(truncatingIfNeeded: (UInt16(a) &+ UInt16(b)) >> 1)
                paeth[i] = x &- Self.paethPredictor(a, b, c)
            }
        }
        for i in 0..<min(bpp, n) { addMagnitudes(at: i, to: &sums) }
        for i in start..<max(start, n) { addMagnitudes(at: i, to: &sums) }

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

    /// The scalar filters' magnitudes at byte `i` (the rows' head and tail).
    @inline(__always)
    private func addMagnitudes(at i: Int, to sums: inout (none: Int, sub: Int, up: Int, average: Int, paeth: Int)) {
        sums.sub &+= Self.magnitude(candidates[i])
        sums.up &+= Self.magnitude(candidates[rowBytes + i])
        sums.average &+= Self.magnitude(candidates[2 * rowBytes + i])
        sums.paeth &+= Self.magnitude(candidates[3 * rowBytes + i])
    }

    /// The sum of 16 lanes, widened so that it cannot wrap.
    @inline(__always)
    static func total(_ lanes: SIMD16<UInt16>) -> Int {
        Int(SIMD16<UInt32>(truncatingIfNeeded: lanes).wrappedSum())
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
