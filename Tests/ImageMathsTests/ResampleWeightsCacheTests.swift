@testable import ImageMaths
import Foundation
import Synchronization
import Testing

/// The weights cache gives what `ResampleWeights.compute` gives, keeps the passes asked for
/// most recently within its limits, and is safe to share between threads.
@Suite("Resample weights cache")
struct ResampleWeightsCacheTests {
    @Test("a hit is the computed weights, bit for bit, and a different pass is not a hit",
          arguments: ResampleFilter.allCases)
    func hits(filter: ResampleFilter) {
        let cache = ResampleWeightsCache(capacity: 4, byteBudget: 1 << 20)
        let first = cache.weights(inSize: 3851, outSize: 1024, filter: filter, outputs: 0..<1024)
        let again = cache.weights(inSize: 3851, outSize: 1024, filter: filter, outputs: 0..<1024)
        let expected = ResampleWeights.compute(inSize: 3851, outSize: 1024, filter: filter, outputs: 0..<1024)
        #expect(first == expected && again == expected)
        #expect(cache.count == 1)
        // Each part of the key tells passes apart.
        #expect(cache.weights(inSize: 3851, outSize: 1024, filter: filter, outputs: 10..<20)
                == ResampleWeights.compute(inSize: 3851, outSize: 1024, filter: filter, outputs: 10..<20))
        #expect(cache.weights(inSize: 3850, outSize: 1024, filter: filter, outputs: 0..<1024)
                == ResampleWeights.compute(inSize: 3850, outSize: 1024, filter: filter, outputs: 0..<1024))
        #expect(cache.weights(inSize: 3851, outSize: 1023, filter: filter, outputs: 0..<1023)
                == ResampleWeights.compute(inSize: 3851, outSize: 1023, filter: filter, outputs: 0..<1023))
        #expect(cache.count == 4)
    }

    @Test("the filter is part of the key")
    func filters() {
        let cache = ResampleWeightsCache(capacity: 8, byteBudget: 1 << 20)
        for filter in ResampleFilter.allCases {
            #expect(cache.weights(inSize: 97, outSize: 31, filter: filter, outputs: 0..<31)
                    == ResampleWeights.compute(inSize: 97, outSize: 31, filter: filter))
        }
        #expect(cache.count == ResampleFilter.allCases.count)
    }

    @Test("beyond its capacity it forgets the least recently used pass")
    func eviction() {
        let cache = ResampleWeightsCache(capacity: 2, byteBudget: 1 << 20)
        _ = cache.weights(inSize: 100, outSize: 10, filter: .lanczos, outputs: 0..<10)   // A
        _ = cache.weights(inSize: 200, outSize: 10, filter: .lanczos, outputs: 0..<10)   // B
        _ = cache.weights(inSize: 100, outSize: 10, filter: .lanczos, outputs: 0..<10)   // A again: B is older
        _ = cache.weights(inSize: 300, outSize: 10, filter: .lanczos, outputs: 0..<10)   // C evicts B
        #expect(cache.count == 2)
        #expect(cache.keys == [.init(inSize: 100, outSize: 10, filter: .lanczos, first: 0, end: 10),
                               .init(inSize: 300, outSize: 10, filter: .lanczos, first: 0, end: 10)])
    }

    @Test("passes over a quarter of the byte budget are computed, not kept; the budget bounds the rest")
    func budget() {
        // 4000 → 100 Lanczos: 100 outputs of 241 taps, 96,800 bytes with the bounds.
        let big = ResampleWeights.compute(inSize: 4000, outSize: 100, filter: .lanczos)
        #expect(ResampleWeightsCache.bytes(of: big) == 4 * (100 * 241 + 200))
        let small = ResampleWeightsCache(capacity: 8, byteBudget: 4 * ResampleWeightsCache.bytes(of: big) - 4)
        #expect(small.weights(inSize: 4000, outSize: 100, filter: .lanczos, outputs: 0..<100) == big)
        #expect(small.count == 0)
        // Six passes of about that size under a budget of four of the largest: the newest stay.
        let sizes = Array(4000..<4006)
        let largest = sizes.map { ResampleWeightsCache.bytes(of: ResampleWeights.compute(inSize: $0, outSize: 100, filter: .lanczos)) }.max()!
        let roomy = ResampleWeightsCache(capacity: 8, byteBudget: 4 * largest)
        for inSize in sizes { _ = roomy.weights(inSize: inSize, outSize: 100, filter: .lanczos, outputs: 0..<100) }
        #expect(roomy.heldBytes <= roomy.byteBudget)
        #expect((3...4).contains(roomy.count))
        #expect(roomy.keys.map(\.inSize) == Array(sizes.suffix(roomy.count)))
    }

    @Test("threads asking for the same and different passes all get the computed weights")
    func concurrent() {
        let cache = ResampleWeightsCache(capacity: 3, byteBudget: 1 << 20)
        let sizes = [1000, 1001, 1002, 1003, 1004]
        let expected = sizes.map { ResampleWeights.compute(inSize: $0, outSize: 77, filter: .bicubic) }
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            let k = i % sizes.count
            if cache.weights(inSize: sizes[k], outSize: 77, filter: .bicubic, outputs: 0..<77) != expected[k] {
                wrong.add(1, ordering: .relaxed)
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(cache.count <= 3)
    }
}
