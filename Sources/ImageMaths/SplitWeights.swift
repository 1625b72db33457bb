/// `ResampleWeights` laid out for the passes that multiply with `pmaddwd` / `vpmaddwd`
/// (Int16 × Int16, adjacent products added into Int32): the Swift SIMD passes of the CPU
/// backend, the AVX2 passes in C (`Sources/CResampleSIMD`) and the x86 kernels of resample.cl.
/// Every one of them reads one of the two layouts below, prepared here once.
///
/// Each 22-bit coefficient is split into 16-bit halves, `k = low + high · 2^15` with `low` in
/// `0...32767` and `high = k >> 15`. With pixels in `0...255` both products of a pair and their
/// sum are exact, so `Σ src·low + 2^15 · Σ src·high` equals `Σ src·k` modulo 2^32: the wrapping
/// Int32 sum of docs/SPEC.md §2.4, bit for bit. A word holds two halves, `first | second << 16`,
/// the Int16 pair the instruction reads.
package enum SplitWeights {
    /// `k`'s halves `(low, high)`, or nil when `high` needs more than 16 bits (never for the
    /// weights `ResampleWeights.compute` makes: |k| stays within a few times 2^22).
    @inline(__always)
    package static func split(_ k: Int32) -> (low: Int16, high: Int16)? {
        guard let high = Int16(exactly: k >> 15) else { return nil }
        return (Int16(k & 0x7fff), high)
    }

    /// Two Int16 halves as one word, `first | second << 16`.
    @inline(__always)
    package static func pack(_ first: Int16, _ second: Int16) -> Int32 {
        Int32(bitPattern: UInt32(UInt16(bitPattern: first)) | UInt32(UInt16(bitPattern: second)) << 16)
    }

    /// Taps two at a time, for passes that pair neighbouring taps: both Swift passes, the AVX2
    /// vertical pass and the x86 OpenCL vertical kernel. Output `i` owns `pairStride` pairs
    /// from word `2 · i · pairStride` on, each two words: the low halves of taps `2m` and
    /// `2m + 1`, then their high halves. An odd window ends with a pair whose second
    /// coefficient is 0 (a pass pairs the last source pixel with itself, so it never reads
    /// past the window); pairs past the window are zero.
    package struct Pairs: Sendable, Equatable {
        /// Pairs per output: the widest window's, rounded up (at least 1).
        package let pairStride: Int
        package let words: [Int32]

        /// Nil when a coefficient's high half does not fit Int16.
        package init?(_ weights: ResampleWeights) {
            let stride = max(1, (weights.taps + 1) / 2)
            var words = [Int32](repeating: 0, count: 2 * stride * weights.count)
            let fits = weights.coefficients.withUnsafeBufferPointer { k -> Bool in
                for i in 0..<weights.count {
                    let length = weights.length(i), row = i * weights.taps
                    for m in 0..<(length + 1) / 2 {
                        let second = 2 * m + 1 < length ? k[row + 2 * m + 1] : 0
                        guard let a = split(k[row + 2 * m]), let b = split(second) else { return false }
                        words[2 * (i * stride + m)] = pack(a.low, b.low)
                        words[2 * (i * stride + m) + 1] = pack(a.high, b.high)
                    }
                }
                return true
            }
            guard fits else { return nil }
            self.pairStride = stride
            self.words = words
        }

        /// Index in `words` of output `i`'s first pair.
        @inline(__always)
        package func wordOffset(_ i: Int) -> Int { 2 * i * pairStride }
    }

    /// Taps four at a time, for the horizontal passes that load four source pixels at once
    /// (16 bytes): the AVX2 horizontal pass and the x86 OpenCL horizontal kernel. Output `x`
    /// has a window of four `Int32`s in `windows` — first source pixel, groups, index of the
    /// first group, 0 (OpenCL reads it as an `int4`) — and each group four words: the low
    /// halves of taps 0 and 1, of taps 2 and 3, then the high halves likewise.
    ///
    /// Every group is read whole, so each window is padded with zero coefficients to whole
    /// groups: at its end while that stays inside the row, else at its start (the window moves
    /// back). A row narrower than some padded window cannot hold it: then `paddedWidth` is
    /// `sourceWidth + 3` and a pass must read rows copied into that many pixels (zeros after
    /// the row); otherwise `paddedWidth == sourceWidth` and rows are read in place.
    package struct Groups: Sendable, Equatable {
        package let windows: [Int32]
        package let words: [Int32]
        /// The row width, in pixels, that every group load stays inside.
        package let paddedWidth: Int

        /// Nil when a coefficient's high half does not fit Int16, or a window lies outside
        /// `0..<sourceWidth`.
        package init?(_ weights: ResampleWeights, sourceWidth: Int) {
            var widest = 0
            for x in 0..<weights.count {
                let start = weights.start(x), length = weights.length(x)
                guard start >= 0, length >= 0, start + length <= sourceWidth else { return nil }
                widest = max(widest, (length + 3) & ~3)
            }
            let padded = widest > sourceWidth ? sourceWidth + 3 : sourceWidth
            guard let (windows, words) = SplitWeights.windows(of: weights, sourceWidth: sourceWidth, body: {
                start, length, coefficients, words in
                let groups = (length + 3) / 4
                let first = min(start, padded - 4 * groups)
                // Tap t of the padded window is coefficient t - lead of the real one.
                let lead = start - first
                func tap(_ t: Int) -> Int32 { (0..<length).contains(t - lead) ? coefficients[t - lead] : 0 }
                let window: (Int32, Int32, Int32, Int32) = (Int32(first), Int32(groups), Int32(words.count / 4), 0)
                for g in 0..<groups {
                    guard let c0 = split(tap(4 * g)), let c1 = split(tap(4 * g + 1)),
                          let c2 = split(tap(4 * g + 2)), let c3 = split(tap(4 * g + 3)) else { return nil }
                    words.append(pack(c0.low, c1.low))
                    words.append(pack(c2.low, c3.low))
                    words.append(pack(c0.high, c1.high))
                    words.append(pack(c2.high, c3.high))
                }
                return window
            }) else { return nil }
            self.windows = windows
            self.words = words
            self.paddedWidth = padded
        }
    }

    /// Taps in pairs of source pixels `(2p, 2p + 1)`, for the AVX2 horizontal pass over opaque
    /// sources, which holds eight rows in each vector's lanes (`horizontal_opaque_avx2.c`).
    /// Output `x` has four `Int32`s in `windows`: its first pair `p`, its number of pairs, the
    /// index of its first coefficient pair, and its alpha when every source alpha is 255,
    /// `clamp((2^21 + 255 · Σk) >> 22, 0, 255)` in wrapping Int32 as docs/SPEC.md §2.4 sums.
    /// A coefficient pair is two words, the low halves of its two taps and then the high
    /// halves; a window that starts on an odd pixel gets a zero coefficient before it, and one
    /// whose padded length is odd a zero after it (at the end of an odd-width row that tap
    /// reads the pixel past the row, which the pass holds as 0).
    package struct EvenPairs: Sendable, Equatable {
        package let windows: [Int32]
        package let words: [Int32]

        /// Nil when a coefficient's high half does not fit Int16, or a window lies outside
        /// `0..<sourceWidth`.
        package init?(_ weights: ResampleWeights, sourceWidth: Int) {
            guard let (windows, words) = SplitWeights.windows(of: weights, sourceWidth: sourceWidth, body: {
                start, length, coefficients, words in
                let lead = start & 1, pairs = (lead + length + 1) / 2
                var sum: Int32 = 0
                for t in 0..<length { sum &+= coefficients[t] }
                let alpha = min(255, max(0, ((1 << 21) &+ 255 &* sum) >> 22))
                let window: (Int32, Int32, Int32, Int32) = (Int32(start >> 1), Int32(pairs), Int32(words.count / 2), alpha)
                // Tap `t` of the window starts each pair: -1 (a zero) before an odd start.
                var t = -lead
                for _ in 0..<pairs {
                    let first = t >= 0 ? coefficients[t] : 0, second = t + 1 < length ? coefficients[t + 1] : 0
                    guard let a = split(first), let b = split(second) else { return nil }
                    words.append(pack(a.low, b.low))
                    words.append(pack(a.high, b.high))
                    t += 2
                }
                return window
            }) else { return nil }
            self.windows = windows
            self.words = words
        }
    }

    /// The layouts' one walk over the outputs: `body` gets each output's window (`start`,
    /// `length`, its coefficients) and the words so far, appends the window's words and returns
    /// its four `Int32`s, or nil when a coefficient does not split. Nil when a call does, or a
    /// window lies outside `0..<sourceWidth`.
    private static func windows(
        of weights: ResampleWeights, sourceWidth: Int,
        body: (_ start: Int, _ length: Int, _ coefficients: UnsafeBufferPointer<Int32>,
               _ words: inout [Int32]) -> (Int32, Int32, Int32, Int32)?
    ) -> (windows: [Int32], words: [Int32])? {
        var windows = [Int32](repeating: 0, count: 4 * weights.count)
        var words: [Int32] = []
        words.reserveCapacity(weights.count * (weights.taps + 3))
        let fits = weights.coefficients.withUnsafeBufferPointer { k -> Bool in
            for x in 0..<weights.count {
                let start = weights.start(x), length = weights.length(x)
                guard start >= 0, length >= 0, start + length <= sourceWidth else { return false }
                let row = UnsafeBufferPointer(rebasing: k[x * weights.taps ..< x * weights.taps + length])
                guard let window = body(start, length, row, &words) else { return false }
                (windows[4 * x], windows[4 * x + 1], windows[4 * x + 2], windows[4 * x + 3]) = window
            }
            return true
        }
        return fits ? (windows, words) : nil
    }
}
