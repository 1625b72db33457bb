@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The portable resampling kernels (what GPUs run) make two output pixels per work-item (two
/// rows of the horizontal pass, two columns of the vertical one) and one where the count is
/// odd: every small count of rows and columns, against the reference.
@Suite("OpenCL paired resampling passes", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLPairedPassTests {
    let backend: OpenCLBackend
    init() throws { backend = try OpenCLTestDevice.backend(allowsX86Kernels: false) }

    @Test(arguments: 1...5)
    func horizontalPassForEachRowCount(rows: Int) throws {
        let image = TestImages.noise(width: 23, height: 7, seed: UInt64(rows))
        for filter in [ResampleFilter.lanczos, .bilinear] {
            for outWidth in [1, 2, 9, 40] {
                let weights = ResampleWeights.compute(inSize: 23, outSize: outWidth, filter: filter)
                let band = (7 - rows)..<7
                let out = try backend.resampleHorizontal(.host(image), weights: weights, rows: band).hostImage()
                #expect(out == ReferenceImageOps.resampleHorizontal(image, weights: weights, rows: band), "\(filter) → \(outWidth)")
            }
        }
    }

    @Test(arguments: 1...5)
    func verticalPassForEachWidth(width: Int) throws {
        let image = TestImages.noise(width: width, height: 19, seed: UInt64(width))
        for filter in [ResampleFilter.lanczos, .bilinear] {
            for outHeight in [1, 2, 7, 40] {
                let weights = ResampleWeights.compute(inSize: 19, outSize: outHeight, filter: filter)
                let out = try backend.resampleVertical(.host(image), weights: weights).hostImage()
                #expect(out == ReferenceImageOps.resampleVertical(image, weights: weights), "\(filter) → \(outHeight)")
            }
        }
    }

    /// Step edges enlarged with lanczos ring below 0 and above 255: both pixels of a pair
    /// clip like single ones.
    @Test func pairsClipLikeSinglePixels() throws {
        let image = TestImages.quadrantSteps(side: 6)
        let weights = ResampleWeights.compute(inSize: 6, outSize: 11, filter: .lanczos)
        let across = try backend.resampleHorizontal(.host(image), weights: weights, rows: 0..<6).hostImage()
        #expect(across == ReferenceImageOps.resampleHorizontal(image, weights: weights, rows: 0..<6))
        let down = try backend.resampleVertical(.host(across), weights: weights).hostImage()
        #expect(down == ReferenceImageOps.resampleVertical(across, weights: weights))
        // The ringing was there to clip: unclipped sums beyond 0...255 exist.
        let sums = (0..<11).map { x in
            (0..<weights.length(x)).reduce(Int32(1 << 21)) { acc, k in
                acc + Int32(image[weights.start(x) + k, 0].r) * weights.coefficients[x * weights.taps + k]
            } >> 22
        }
        #expect(sums.contains { $0 < 0 } && sums.contains { $0 > 255 })
    }
}
