import ImageMaths
/// Resampling weights laid out for the x86 kernels of resample.cl (`resample_horizontal_x86`,
/// `resample_vertical_x86`), which multiply with `vpmaddwd` (Int16 × Int16, adjacent products
/// added into Int32).
///
/// Each 22-bit coefficient is split into 16-bit halves, `k = low + high · 2^15` with `low` in
/// `0...32767` and `high = k >> 15`; with pixels `0...255` both products of a pair and their
/// sum are exact, so `Σ src·low + 2^15 · Σ src·high` equals `Σ src·k` modulo 2^32, the wrapping
/// Int32 sum of the portable kernels and the CPU fallback. The layouts are the CPU fallback's
/// (Sources/CResampleSIMD), packed the same way: a word holds two halves, `first | second << 16`.
enum OpenCLSplitWeights {
    /// The horizontal pass: per output `x` one `int4` `(first source pixel, groups, first
    /// group, 0)` in `windows`, and per group of four taps four words in `words`: the low
    /// halves of taps 0 and 1, of taps 2 and 3, then the high halves likewise.
    ///
    /// Every group is read as 16 bytes, so each window is padded with zero coefficients to
    /// whole groups: at its end while that stays inside the row, else at its start (the window
    /// moved back). Nil when a row is narrower than some padded window or a coefficient's high
    /// half does not fit Int16; the portable kernel runs then.
    struct Horizontal {
        let windows: [Int32]
        let words: [Int32]

        init?(_ weights: ResampleWeights, sourceWidth: Int) {
            var windows = [Int32](repeating: 0, count: 4 * weights.count)
            var words: [Int32] = []
            words.reserveCapacity(weights.count * (weights.taps + 3))
            let fits = weights.coefficients.withUnsafeBufferPointer { k -> Bool in
                for x in 0..<weights.count {
                    let start = weights.start(x), length = weights.length(x)
                    let groups = (length + 3) / 4
                    let first = min(start, sourceWidth - 4 * groups)
                    guard first >= 0 else { return false }
                    windows[4 * x] = Int32(first)
                    windows[4 * x + 1] = Int32(groups)
                    windows[4 * x + 2] = Int32(words.count / 4)
                    // Tap t of the padded window is coefficient t - lead of the real one.
                    let lead = start - first, row = x * weights.taps
                    func tap(_ t: Int) -> Int32 { (0..<length).contains(t - lead) ? k[row + t - lead] : 0 }
                    for g in 0..<groups {
                        let c0 = tap(4 * g), c1 = tap(4 * g + 1), c2 = tap(4 * g + 2), c3 = tap(4 * g + 3)
                        guard let h0 = high(c0), let h1 = high(c1), let h2 = high(c2), let h3 = high(c3) else { return false }
                        words.append(pack(low(c0), low(c1)))
                        words.append(pack(low(c2), low(c3)))
                        words.append(pack(h0, h1))
                        words.append(pack(h2, h3))
                    }
                }
                return true
            }
            guard fits else { return nil }
            self.windows = windows
            self.words = words.isEmpty ? [0] : words  // an OpenCL buffer cannot be empty
        }
    }

    /// The vertical pass: per output row `y`, `stride` pairs of taps starting at
    /// `pairs[2 · y · stride]`, each two words: the low halves of taps `2m` and `2m + 1`, then
    /// the high halves (an odd last tap pairs with a zero coefficient). Nil when a
    /// coefficient's high half does not fit Int16.
    struct Vertical {
        let pairs: [Int32]
        /// Pairs per output row: the widest window's, rounded up.
        let stride: Int

        init?(_ weights: ResampleWeights) {
            let stride = max(1, (weights.taps + 1) / 2)
            var pairs = [Int32](repeating: 0, count: 2 * stride * weights.count)
            let fits = weights.coefficients.withUnsafeBufferPointer { k -> Bool in
                for y in 0..<weights.count {
                    let length = weights.length(y), row = y * weights.taps
                    for m in 0..<(length + 1) / 2 {
                        let first = k[row + 2 * m]
                        let second = 2 * m + 1 < length ? k[row + 2 * m + 1] : 0
                        guard let h0 = high(first), let h1 = high(second) else { return false }
                        pairs[2 * (y * stride + m)] = pack(low(first), low(second))
                        pairs[2 * (y * stride + m) + 1] = pack(h0, h1)
                    }
                }
                return true
            }
            guard fits else { return nil }
            self.pairs = pairs
            self.stride = stride
        }
    }

    /// `k`'s low half, `k & 0x7fff`.
    static func low(_ k: Int32) -> Int16 { Int16(k & 0x7fff) }

    /// `k`'s high half, `k >> 15`, or nil when it needs more than 16 bits (never for the
    /// weights `ResampleWeights.compute` makes: |k| stays within a few times 2^22).
    static func high(_ k: Int32) -> Int16? { Int16(exactly: k >> 15) }

    /// Two Int16 halves as one word, `first | second << 16`: the pair `vpmaddwd` reads.
    static func pack(_ first: Int16, _ second: Int16) -> Int32 {
        Int32(bitPattern: UInt32(UInt16(bitPattern: first)) | UInt32(UInt16(bitPattern: second)) << 16)
    }
}
