@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// Several sizes of one photo through `CPUBackend.resample(_:plans:each:)`, which shares their
/// horizontal passes on an opaque photo (RGB intermediates, the alpha put back): the same bytes
/// as one resize at a time, shared or not.
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
            Self.plan(width, height, 10, .contain),  // RGB rows of 30 bytes: under the vertical pass's 32, not shared
            ResamplePlan(inputWidth: width, inputHeight: height, outputWidth: 200, outputHeight: height, filter: .lanczos),  // no vertical pass
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

    @Test("random photos and sizes: shared or not, each size equals its own resize", arguments: [1, 2])
    func randomPlans(threads: Int) throws {
        let backend = CPUBackend(threads: threads)
        var rng = SplitMix64(seed: 17 + UInt64(threads))
        for _ in 0..<6 {
            let width = Int.random(in: 9...900, using: &rng), height = Int.random(in: 1...300, using: &rng)
            let (marked, unmarked) = Self.photo(width: width, height: height, seed: rng.next())
            let plans = (0..<3).map { _ in
                Self.plan(width, height, Int.random(in: 1...(max(width, height) + 20), using: &rng),
                          Bool.random(using: &rng) ? .contain : .cover, ResampleFilter.allCases.randomElement(using: &rng)!)
            }
            try backend.resample(.host(marked), plans: plans) { index, resized in
                let alone = try backend.resample(.host(unmarked), plan: plans[index]).hostImage()
                #expect(try resized.hostImage() == alone, "\(width)x\(height) plan \(index)")
            }
        }
    }

    @Test("a bad plan among several is the error it is alone, before any result")
    func badPlanThrows() throws {
        let backend = CPUBackend(threads: 1)
        let (marked, _) = Self.photo(width: 40, height: 10, seed: 1)
        let good = Self.plan(40, 10, 20, .contain), wrong = Self.plan(50, 10, 20, .contain)
        let alone = #expect(throws: ResampleArgumentError.self) { try backend.resample(.host(marked), plan: wrong) }
        var results = 0
        let together = #expect(throws: ResampleArgumentError.self) {
            try backend.resample(.host(marked), plans: [good, good, wrong]) { _, _ in results += 1 }
        }
        #expect(alone == together && results == 0)
    }
}
