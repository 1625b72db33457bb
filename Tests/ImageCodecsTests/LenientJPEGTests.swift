import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// JPEG damage that libjpeg recovers from (scripts/fixtures/make_lenient_jpeg_fixtures.py):
/// accepted with Pillow 13.0.0's pixels when warnings are not errors (the CLI's default,
/// `--fail-on error`), refused when they are; what Pillow rejects (a cut-off file) is refused
/// either way.
@Suite struct LenientJPEGTests {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let pillow: String
        let rgb: String?
        var description: String { file }
    }
    struct Manifest: Decodable { let cases: [Case] }

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/lenient")
    static let cases: [Case] = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try! JSONDecoder().decode(Manifest.self, from: data).cases
    }()

    func decode(_ fixture: Case, failOnWarnings: Bool) throws -> HostImage {
        try ImageDecoder.decode(contentsOf: Self.folder.appendingPathComponent(fixture.file).path,
                                options: DecodeOptions(failOnWarnings: failOnWarnings)).image
    }

    @Test(arguments: cases)
    func acceptsWhatPillowAcceptsWithItsPixels(_ fixture: Case) throws {
        guard let rgb = fixture.rgb.flatMap({ Data(base64Encoded: $0) }) else {
            #expect(throws: ImageCodecError.self, "Pillow: \(fixture.pillow)") { try decode(fixture, failOnWarnings: false) }
            return
        }
        let image = try decode(fixture, failOnWarnings: false)
        var ours = [UInt8]()
        for i in stride(from: 0, to: image.pixels.count, by: 4) { ours += image.pixels[i..<i + 3] }
        #expect(ours == [UInt8](rgb), "\(fixture.file)")
    }

    @Test func warningsAreErrorsWhenAskedExceptForTheAPP1OfLengthOne() throws {
        for fixture in Self.cases where fixture.rgb != nil {
            if fixture.file == "app1-length-1.jpg" {
                // libjpeg reads a length of 1 without a warning: nothing to refuse.
                _ = try decode(fixture, failOnWarnings: true)
            } else {
                #expect(throws: ImageCodecError.self, "\(fixture.file)") { try decode(fixture, failOnWarnings: true) }
            }
        }
    }
}
