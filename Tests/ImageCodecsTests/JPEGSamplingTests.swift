import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// JPEGs with chroma layouts TurboJPEG 2 has no name for (Y 2x2 with Cb 2x1 and Cr 1x1, ...;
/// scripts/fixtures/make_odd_sampling_fixtures.py): its header call refuses them, libjpeg and
/// Pillow 13.0.0 decode them, and so does the decoder, with Pillow's pixels, whether warnings
/// are errors or not (nothing here is damaged).
@Suite struct JPEGSamplingTests {
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/sampling")
    static let cases: [LenientJPEGTests.Case] = try! FixtureManifest.cases(in: folder)

    @Test(arguments: cases, [false, true])
    func decodesWithPillowsPixels(_ fixture: LenientJPEGTests.Case, failOnWarnings: Bool) throws {
        let rgb = try #require(fixture.rgb.flatMap { Data(base64Encoded: $0) })
        let image = try ImageDecoder.decode(contentsOf: Self.folder.appendingPathComponent(fixture.file).path,
                                            options: DecodeOptions(failOnWarnings: failOnWarnings)).image
        #expect(image.width == 37 && image.height == 29)
        var ours = [UInt8]()
        for i in stride(from: 0, to: image.pixels.count, by: 4) { ours += image.pixels[i..<i + 3] }
        #expect(ours == [UInt8](rgb), "\(fixture.file)")
    }
}
