@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing
import TestSupport

/// Many sizes, factors and glitch settings drawn from a fixed-seed SplitMix64, each compared
/// byte for byte with the plain-loop reference. A failing case prints its parameters, which
/// rebuild it exactly.
@Suite("OpenCL randomised cases", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLRandomisedEqualityTests {
    @Test func resampleCasesMatchReference() throws {
        let backend = try OpenCLTestDevice.backend()
        for c in RandomCases.resample(count: 40, seed: 0x5EED_0001) {
            let image = c.image()
            let out = try backend.resample(.host(image), plan: c.plan).hostImage()
            #expect(out == ReferenceImageOps.resample(image, plan: c.plan), "case: \(c)")
        }
    }

    @Test func glitchCasesMatchReference() throws {
        let backend = try OpenCLTestDevice.backend()
        for c in RandomCases.glitch(count: 60, seed: 0x5EED_0002) {
            let image = c.image()
            let plan = try GlitchPlan(parameters: c.parameters, width: image.width, height: image.height)
            let out = try backend.run(GlitchKernel(parameters: c.parameters), on: .host(image)).hostImage()
            #expect(out == ReferenceImageOps.glitch(image, plan: plan), "case: \(c)")
        }
    }
}
