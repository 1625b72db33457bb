@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

/// The glitch kernel makes eight pixels per work-item, as three contiguous runs where they
/// stay inside the row and one pixel at a time where a tear wraps or a shift reaches an edge:
/// widths around multiples of eight, every small shift, both edges, tears everywhere.
@Suite("OpenCL glitch runs of eight", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLGlitchRunTests {
    @Test(arguments: GlitchEdge.allCases)
    func everyWidthAndShiftMatchesReference(edge: GlitchEdge) throws {
        let backend = try OpenCLTestDevice.backend()
        for width in [7, 8, 9, 15, 16, 17, 24, 33] {
            let image = TestImages.noise(width: width, height: 12, seed: UInt64(width), alpha: true)
            for shift in [0, 1, 3, 7, 8, 9, width - 1, width + 2] {
                let parameters = GlitchParameters(seed: UInt32(width * 31 + shift), shift: shift, edge: edge,
                                                  scanlinePeriod: 3, scanlineThickness: 1, scanlineStrength: 200,
                                                  tears: 6, tearShift: width, tearHeight: 3)
                let plan = try GlitchPlan(parameters: parameters, width: width, height: 12)
                let out = try backend.run(GlitchKernel(parameters: parameters), on: .host(image)).hostImage()
                #expect(out == ReferenceImageOps.glitch(image, plan: plan), "width \(width) shift \(shift)")
            }
        }
    }
}
