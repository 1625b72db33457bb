@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// Several sizes of one photo with their horizontal passes made together
/// (`ComputeBackend.resample(_:plans:each:)`, `CPUBackend.resampleHorizontal(_:weights:rows:)`):
/// the same bytes as one resize at a time, whether the passes are shared (an opaque photo) or not.
@Suite("CPU resampling: several sizes sharing their horizontal passes")
struct CPUSharedHorizontalTests {
    /// A photo whose decoder would have marked it opaque, and its unmarked twin (same bytes).
    static func photo(width: Int, height: Int, seed: UInt64) -> (marked: HostImage, unmarked: HostImage) {
        let unmarked = TestImages.noise(width: width, height: height, seed: seed)
        var marked = unmarked
        marked.markOpaqueByConstruction()
        return (marked, unmarked)
    }

    static func plan(_ width: Int, _ height: Int, _ size: Int, _ fit: FitMode, _ filter: ResampleFilter = .lanczos) -> ResamplePlan {
        ThumbnailGeometry(width: width, height: height, size: size, fit: fit)
            .resamplePlan(inputWidth: width, inputHeight: height, filter: filter)
    }

    @Test("resample(plans:each:) gives each plan's resample(plan:), in order, for every kind of plan",
          arguments: [1, 2])
    func plansEqualSeparateResizes(threads: Int) throws {
        let backend = CPUBackend(threads: threads)
        let (width, height) = (601, 451)
        let (marked, unmarked) = Self.photo(width: width, height: height, seed: 3)
        let plans = [
            Self.plan(width, height, 300, .contain), Self.plan(width, height, 150, .contain),
            Self.plan(width, height, 100, .cover),  // a crop: other source rows, not shared
            Self.plan(width, height, 64, .contain, .bicubic), Self.plan(width, height, 601, .contain),  // identity
            ResamplePlan(inputWidth: width, inputHeight: height, outputWidth: 590, outputHeight: 40, filter: .box),  // vertical first
        ]
        #expect(plans.map(\.order).contains(.verticalFirst) && plans.contains(where: \.isIdentity))
        for image in [marked, unmarked] {
            var seen: [Int] = []
            try backend.resample(.host(image), plans: plans) { index, resized in
                seen.append(index)
                let alone = try backend.resample(.host(unmarked), plan: plans[index]).hostImage()
                #expect(try resized.hostImage() == alone, "plan \(index), marked \(image.isOpaqueByConstruction)")
            }
            #expect(seen == Array(plans.indices))
        }
    }

    @Test("resampleHorizontal(weights:rows:) on an opaque photo equals one pass at a time on its unmarked twin")
    func sharedPassesEqualSeparatePasses() throws {
        let backend = CPUBackend(threads: 2)
        var rng = SplitMix64(seed: 17)
        for _ in 0..<8 {
            let width = Int.random(in: 9...900, using: &rng), height = Int.random(in: 1...90, using: &rng)
            let (marked, unmarked) = Self.photo(width: width, height: height, seed: rng.next())
            let weights = (0..<3).map { _ in
                ResampleWeights.compute(inSize: width, outSize: Int.random(in: 1...(width + 20), using: &rng),
                                        filter: ResampleFilter.allCases.randomElement(using: &rng)!)
            }
            let lower = Int.random(in: 0..<height, using: &rng)
            let rows = lower ..< Int.random(in: (lower + 1)...height, using: &rng)
            let shared = try backend.resampleHorizontal(.host(marked), weights: weights, rows: rows)
            #expect(shared.count == weights.count)
            for (result, w) in zip(shared, weights) {
                let alone = try backend.resampleHorizontal(.host(unmarked), weights: w, rows: rows).hostImage()
                #expect(try result.hostImage() == alone, "\(width)x\(height) rows \(rows) to \(w.count)")
            }
        }
    }

    @Test("a bad pass among several is the same error as alone, before anything is computed")
    func badPassThrows() throws {
        let backend = CPUBackend(threads: 1)
        let (marked, _) = Self.photo(width: 40, height: 10, seed: 1)
        let good = ResampleWeights.compute(inSize: 40, outSize: 20, filter: .lanczos)
        let wrong = ResampleWeights.compute(inSize: 50, outSize: 20, filter: .lanczos)
        let alone = #expect(throws: ComputeArgumentError.self) {
            try backend.resampleHorizontal(.host(marked), weights: wrong, rows: 0..<10)
        }
        let together = #expect(throws: ComputeArgumentError.self) {
            try backend.resampleHorizontal(.host(marked), weights: [good, wrong], rows: 0..<10)
        }
        #expect(alone == together)
    }
}
