@testable import CPUCompute
import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The CPU backend's resize (and fused resize + crop) against Pillow's `Image.resize`, byte
/// for byte (docs/SPEC.md §2), for every filter and the awkward sizes.
@Suite("CPU resampling equals Pillow")
struct CPUResampleFixtureTests {
    @Test("the fixture manifest loads and covers every filter")
    func manifest() throws {
        let fixtures = try ResampleFixtures.load()
        #expect(fixtures.pillow == "13.0.0")
        #expect(Set(fixtures.cases.map(\.filter)) == Set(ResampleFilter.allCases.map(\.rawValue)))
        #expect(fixtures.cases.count >= 100)
        #expect(!ResampleFixtures.expectedBlob.isEmpty)
    }

    @Test("resize equals Pillow", arguments: ResampleFixtures.allCases)
    func resizeEqualsPillow(_ fixture: ResampleFixtures.Case) throws {
        let filter = try #require(fixture.resampleFilter)
        let input = try fixture.makeInput()
        let plan = ResamplePlan(inputWidth: input.width, inputHeight: input.height,
                                outputWidth: fixture.outputWidth, outputHeight: fixture.outputHeight,
                                window: fixture.window, filter: filter)
        // Several threads only where the image is big enough to be split (a debug build runs
        // the vector code slowly; CPUKernelConsistencyTests covers splitting in general).
        let outputBytes = fixture.resultWidth * fixture.resultHeight * 4
        for threads in outputBytes >= 64 * 1024 ? [1, 2] : [1] {
            let result = try CPUBackend(threads: threads).resample(.host(input), plan: plan).hostImage()
            #expect(result.width == fixture.resultWidth && result.height == fixture.resultHeight)
            if fixture.mode == "RGB" {
                #expect(!result.hasTransparency, "an opaque input must give alpha 255 everywhere")
            }
            let bytes = fixture.pillowBytes(of: result)
            if let offset = fixture.offset, let length = fixture.length {
                let expected = Array(ResampleFixtures.expectedBlob[offset ..< offset + length])
                #expect(bytes.count == expected.count)
                let firstDifference = zip(bytes, expected).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(firstDifference == nil,
                        "first difference at byte \(firstDifference?.offset ?? -1) (threads \(threads))")
            } else {
                let channels = fixture.mode == "RGB" ? 3 : 4
                for sample in fixture.samples ?? [] {
                    let i = (sample.y * result.width + sample.x) * channels
                    #expect(Array(bytes[i ..< i + channels]) == sample.value, "pixel (\(sample.x), \(sample.y))")
                }
                #expect(SHA256.hex(bytes) == fixture.sha256)
            }
        }
    }
}
