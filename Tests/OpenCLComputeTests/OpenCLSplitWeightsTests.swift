@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing

/// The x86 kernels' weight layouts: whatever the packing, the halves put back together are
/// the coefficients, at the same source pixels, and every read stays inside the image.
@Suite("OpenCL split weights")
struct OpenCLSplitWeightsTests {
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
        let split = try #require(OpenCLSplitWeights.Horizontal(weights, sourceWidth: inSize))
        for x in 0..<weights.count {
            let first = Int(split.windows[4 * x]), groups = Int(split.windows[4 * x + 1])
            let group = Int(split.windows[4 * x + 2])
            #expect(first >= 0 && first + 4 * groups <= inSize, "output \(x) reads outside the row")
            var rebuilt = [Int32](repeating: 0, count: inSize)
            for g in 0..<groups {
                let w = split.words[(4 * (group + g))...]
                let (c0, c1) = Self.coefficients(low: w[w.startIndex], high: w[w.startIndex + 2])
                let (c2, c3) = Self.coefficients(low: w[w.startIndex + 1], high: w[w.startIndex + 3])
                for (t, c) in [c0, c1, c2, c3].enumerated() { rebuilt[first + 4 * g + t] += c }
            }
            var expected = [Int32](repeating: 0, count: inSize)
            for i in 0..<weights.length(x) {
                expected[weights.start(x) + i] = weights.coefficients[x * weights.taps + i]
            }
            #expect(rebuilt == expected, "output \(x)")
        }
    }

    @Test(arguments: cases)
    func verticalPairsRebuildTheWeights(inSize: Int, outSize: Int, filter: ResampleFilter) throws {
        let weights = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter)
        let split = try #require(OpenCLSplitWeights.Vertical(weights))
        #expect(split.stride == (weights.taps + 1) / 2)
        for y in 0..<weights.count {
            let length = weights.length(y)
            var rebuilt: [Int32] = []
            for m in 0..<(length + 1) / 2 {
                let at = 2 * (y * split.stride + m)
                let (a, b) = Self.coefficients(low: split.pairs[at], high: split.pairs[at + 1])
                rebuilt += [a, b]
            }
            let expected = Array(weights.coefficients[(y * weights.taps)..<(y * weights.taps + length)])
            #expect(Array(rebuilt.prefix(length)) == expected, "output row \(y)")
            #expect(rebuilt.count == length || rebuilt.last == 0, "an odd last tap pairs with 0")
        }
    }

    @Test func rowsNarrowerThanAPaddedWindowAreLeftToThePortableKernel() {
        // Three source pixels, one window of three taps: a group of four cannot fit.
        let weights = ResampleWeights.compute(inSize: 3, outSize: 1, filter: .lanczos)
        #expect(weights.length(0) == 3)
        #expect(OpenCLSplitWeights.Horizontal(weights, sourceWidth: 3) == nil)
        #expect(OpenCLSplitWeights.Horizontal(weights, sourceWidth: 4) != nil)
    }

    @Test func coefficientsWhoseHighHalfOverflowsAreLeftToThePortableKernels() {
        let huge = ResampleWeights(count: 1, taps: 2, bounds: [0, 2], coefficients: [1 << 22, Int32.max])
        #expect(OpenCLSplitWeights.Horizontal(huge, sourceWidth: 8) == nil)
        #expect(OpenCLSplitWeights.Vertical(huge) == nil)
        // The largest that splits: high = 32767.
        let largest = ResampleWeights(count: 1, taps: 1, bounds: [0, 1], coefficients: [(32767 << 15) | 0x7fff])
        #expect(OpenCLSplitWeights.Vertical(largest) != nil)
    }

    @Test func halvesArePackedAsVpmaddwdReadsThem() {
        #expect(OpenCLSplitWeights.low(-1) == 0x7fff && OpenCLSplitWeights.high(-1) == -1)
        #expect(OpenCLSplitWeights.low(1 << 22) == 0 && OpenCLSplitWeights.high(1 << 22) == 128)
        #expect(OpenCLSplitWeights.pack(1, -2) == Int32(bitPattern: 0xFFFE_0001))
    }
}
