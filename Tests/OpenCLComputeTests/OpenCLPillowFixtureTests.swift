@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The OpenCL resize (and fused resize + crop) against Pillow's `Image.resize`, through the
/// same fixtures as the CPU backend (Fixtures/resample).
@Suite("OpenCL resampling equals Pillow", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLPillowFixtureTests {
    @Test("resize equals Pillow", arguments: ResampleFixtures.allCases)
    func resizeEqualsPillow(_ fixture: ResampleFixtures.Case) throws {
        let backend = try OpenCLTestDevice.backend()
        let filter = try #require(fixture.resampleFilter)
        let input = try fixture.makeInput()
        let plan = ResamplePlan(inputWidth: input.width, inputHeight: input.height,
                                outputWidth: fixture.outputWidth, outputHeight: fixture.outputHeight,
                                window: fixture.window, filter: filter)
        let result = try backend.resample(.host(input), plan: plan).hostImage()
        #expect(result.width == fixture.resultWidth && result.height == fixture.resultHeight)
        let bytes = fixture.pillowBytes(of: result)
        if let offset = fixture.offset, let length = fixture.length {
            let expected = Array(ResampleFixtures.expectedBlob[offset ..< offset + length])
            #expect(bytes == expected, "case: \(fixture.name)")
        } else {
            let channels = fixture.mode == "RGB" ? 3 : 4
            for sample in fixture.samples ?? [] {
                let i = (sample.y * result.width + sample.x) * channels
                #expect(Array(bytes[i ..< i + channels]) == sample.value, "case: \(fixture.name) pixel (\(sample.x), \(sample.y))")
            }
            #expect(SHA256.hex(bytes) == fixture.sha256, "case: \(fixture.name)")
        }
    }
}
