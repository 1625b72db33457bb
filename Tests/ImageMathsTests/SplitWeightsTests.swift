@testable import ImageMaths
import Testing

/// The split-weight layouts every vector pass reads (Swift SIMD passes, AVX2 in C, x86 OpenCL
/// kernels): whatever the packing, the halves put back together are the coefficients, at the
/// same source pixels, and every read stays inside the (padded) row.
@Suite("Split weights")
struct SplitWeightsTests {
    static let cases: [(inSize: Int, outSize: Int, filter: ResampleFilter)] = [
        (2000, 683, .lanczos), (683, 2000, .lanczos), (37, 5, .bicubic), (9, 9, .box), (4, 1, .hamming),
        (12, 1, .lanczos), (100, 3, .bilinear), (1000, 7, .lanczos),
    ]

    /// `low + high * 2^15` of the word pair `(first | second << 16)`: the coefficients.
    static func coefficients(low: Int32, high: Int32) -> (Int32, Int32) {
        func half(_ word: Int32, _ index: Int) -> Int32 { Int32(Int16(truncatingIfNeeded: word >> (16 * index))) }
        return (half(low, 0) + half(high, 0) << 15, half(low, 1) + half(high, 1) << 15)
    }

    @Test(arguments: cases)
    func horizontalGroupsRebuildTheWeights(inSize: Int, outSize: Int, filter: ResampleFilter) throws {
        let weights = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter)
        let split = try #require(SplitWeights.Groups(weights, sourceWidth: inSize))
        for x in 0..<weights.count {
            let first = Int(split.windows[4 * x]), groups = Int(split.windows[4 * x + 1])
            let group = Int(split.windows[4 * x + 2])
            #expect(split.paddedWidth == inSize || inSize < 4)
            #expect(first >= 0 && first + 4 * groups <= split.paddedWidth, "output \(x) reads outside the row")
            var rebuilt = [Int32](repeating: 0, count: split.paddedWidth)
            for g in 0..<groups {
                let w = split.words[(4 * (group + g))...]
                let (c0, c1) = Self.coefficients(low: w[w.startIndex], high: w[w.startIndex + 2])
                let (c2, c3) = Self.coefficients(low: w[w.startIndex + 1], high: w[w.startIndex + 3])
                for (t, c) in [c0, c1, c2, c3].enumerated() { rebuilt[first + 4 * g + t] += c }
            }
            var expected = [Int32](repeating: 0, count: split.paddedWidth)
            for i in 0..<weights.length(x) {
                expected[weights.start(x) + i] = weights.coefficients[x * weights.taps + i]
            }
            #expect(rebuilt == expected, "output \(x)")
        }
    }

    @Test(arguments: cases)
    func verticalPairsRebuildTheWeights(inSize: Int, outSize: Int, filter: ResampleFilter) throws {
        let weights = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter)
        let split = try #require(SplitWeights.Pairs(weights))
        #expect(split.pairStride == (weights.taps + 1) / 2)
        for y in 0..<weights.count {
            let length = weights.length(y)
            var rebuilt: [Int32] = []
            for m in 0..<(length + 1) / 2 {
                let at = split.wordOffset(y) + 2 * m
                let (a, b) = Self.coefficients(low: split.words[at], high: split.words[at + 1])
                rebuilt += [a, b]
            }
            let expected = Array(weights.coefficients[(y * weights.taps)..<(y * weights.taps + length)])
            #expect(Array(rebuilt.prefix(length)) == expected, "output row \(y)")
            #expect(rebuilt.count == length || rebuilt.last == 0, "an odd last tap pairs with 0")
        }
    }

    @Test func rowsNarrowerThanAPaddedWindowArePaddedOnce() throws {
        // Three source pixels, one window of three taps: a group of four needs a fourth pixel,
        // so the layout says rows must be copied into 3 + 3 pixels; a four-pixel row needs none.
        let weights = ResampleWeights.compute(inSize: 3, outSize: 1, filter: .lanczos)
        #expect(weights.length(0) == 3)
        let narrow = try #require(SplitWeights.Groups(weights, sourceWidth: 3))
        #expect(narrow.paddedWidth == 6)
        #expect(Array(narrow.windows.prefix(2)) == [0, 1])
        let wide = try #require(SplitWeights.Groups(weights, sourceWidth: 4))
        #expect(wide.paddedWidth == 4)
    }

    @Test func windowsOutsideTheRowAreRefused() {
        let weights = ResampleWeights(count: 1, taps: 2, bounds: [3, 2], coefficients: [1 << 21, 1 << 21])
        #expect(SplitWeights.Groups(weights, sourceWidth: 4) == nil)
        #expect(SplitWeights.Groups(weights, sourceWidth: 5) != nil)
    }

    @Test func coefficientsWhoseHighHalfOverflowsAreLeftToThePortableKernels() {
        let huge = ResampleWeights(count: 1, taps: 2, bounds: [0, 2], coefficients: [1 << 22, Int32.max])
        #expect(SplitWeights.Groups(huge, sourceWidth: 8) == nil)
        #expect(SplitWeights.Pairs(huge) == nil)
        // The extremes that split: high = 32767 and high = -32768.
        let largest = ResampleWeights(count: 1, taps: 2, bounds: [0, 2], coefficients: [(1 << 30) - 1, -(1 << 30)])
        #expect(SplitWeights.Pairs(largest) != nil)
        #expect(SplitWeights.Groups(largest, sourceWidth: 8) != nil)
        // Every real filter's weights split, down to 1/40 scale and up to 33x.
        for filter in ResampleFilter.allCases {
            #expect(SplitWeights.Pairs(ResampleWeights.compute(inSize: 4000, outSize: 100, filter: filter)) != nil)
            #expect(SplitWeights.Pairs(ResampleWeights.compute(inSize: 3, outSize: 100, filter: filter)) != nil)
        }
    }

    @Test func halvesArePackedAsVpmaddwdReadsThem() throws {
        let minusOne = try #require(SplitWeights.split(-1))
        #expect(minusOne.low == 0x7fff && minusOne.high == -1)
        let one = try #require(SplitWeights.split(1 << 22))
        #expect(one.low == 0 && one.high == 128)
        #expect(SplitWeights.pack(1, -2) == Int32(bitPattern: 0xFFFE_0001))
    }
}
