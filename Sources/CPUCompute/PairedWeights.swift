import ImageMaths
/// `ResampleWeights` regrouped for the CPU kernels: taps taken two at a time, each 22-bit
/// coefficient split into 16-bit halves `k = low + high · 2^15` (`low` in 0...32767, `high`
/// the arithmetic `k >> 15`).
///
/// Why: with only SSE2 guaranteed, the fast exact integer product is `pmaddwd` (Int16 × Int16,
/// adjacent products summed into Int32). One coefficient does not fit 16 bits, two halves do,
/// and `Σ src·low + 2^15 · Σ src·high` is `Σ src·k` exactly in wrapping Int32 arithmetic.
/// An odd tap count ends with a "tail" pair whose second coefficient is 0 (the kernel pairs
/// the last source pixel with itself, so it never reads past the window).
struct PairedWeights {
    /// Output pixels along the axis.
    let count: Int
    /// First source index per output.
    let starts: [Int]
    /// Taps per output (the window length).
    let lengths: [Int]
    /// Word index of each output's first pair in `words`.
    let offsets: [Int]
    /// Per pair two packed words: `(low0 | low1 << 16, high0 | high1 << 16)`.
    let words: [Int32]
    /// The most pairs any output has (tail included), for scratch buffers.
    let maxPairs: Int
    /// One past the last source index any output reads.
    let sourceEnd: Int
    /// The smallest start (negative means the weights read before the image).
    let sourceStart: Int
    /// Whether every coefficient's halves fit Int16 (true for every weight `ResampleWeights
    /// .compute` makes: |k| ≤ 2^22 · a few). Otherwise the scalar kernel runs.
    let fitsPairedArithmetic: Bool

    init(_ weights: ResampleWeights) {
        let n = weights.count
        var starts = [Int](repeating: 0, count: n)
        var lengths = [Int](repeating: 0, count: n)
        var offsets = [Int](repeating: 0, count: n)
        var words = [Int32]()
        words.reserveCapacity(n * (weights.taps + 1))
        var maxPairs = 0, end = 0, first = n > 0 ? Int.max : 0
        var fits = true
        weights.coefficients.withUnsafeBufferPointer { k in
            for i in 0..<n {
                let start = weights.start(i), length = weights.length(i)
                starts[i] = start
                lengths[i] = length
                offsets[i] = words.count
                end = max(end, start + length)
                first = min(first, start)
                let row = i * weights.taps
                var j = 0
                while j < length {
                    let a = k[row + j]
                    let b = j + 1 < length ? k[row + j + 1] : 0
                    guard let (lowA, highA) = Self.split(a), let (lowB, highB) = Self.split(b) else {
                        fits = false
                        break
                    }
                    words.append(Self.pack(lowA, lowB))
                    words.append(Self.pack(highA, highB))
                    j += 2
                }
                maxPairs = max(maxPairs, (length + 1) / 2)
            }
        }
        self.count = n
        self.starts = starts
        self.lengths = lengths
        self.offsets = offsets
        self.words = words
        self.maxPairs = maxPairs
        self.sourceEnd = end
        self.sourceStart = first
        self.fitsPairedArithmetic = fits
    }

    /// `k` as `(low, high)` with `k = low + high · 2^15`, or nil when `high` needs more than
    /// 16 bits.
    private static func split(_ k: Int32) -> (Int16, Int16)? {
        let high = k >> 15
        guard let h = Int16(exactly: high) else { return nil }
        return (Int16(k & 0x7fff), h)
    }

    private static func pack(_ first: Int16, _ second: Int16) -> Int32 {
        Int32(bitPattern: UInt32(UInt16(bitPattern: first)) | UInt32(UInt16(bitPattern: second)) << 16)
    }
}
