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
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/lenient")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

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

    /// Every `JWRN_` message of libjpeg-turbo 2.1 (jerror.h, as formatted) is a warning; the
    /// `JERR_` messages closest to them are not.
    @Test func libjpegWarningsAreToldFromErrors() {
        let warnings = [
            "Unknown Adobe color transform code 3",
            "Corrupt JPEG data: bad arithmetic code",
            "Inconsistent progression sequence for component 0 coefficient 1",
            "Corrupt JPEG data: 12 extraneous bytes before marker 0xd9",
            "Corrupt JPEG data: premature end of data segment",
            "Corrupt JPEG data: bad Huffman code",
            "Warning: unknown JFIF revision number 3.01",
            "Premature end of JPEG file",
            "Corrupt JPEG data: found marker 0xd9 instead of RST3",
            "Invalid SOS parameters for sequential JPEG",
            "Application transferred too many scanlines",
            "Corrupt JPEG data: bad ICC marker",
        ]
        let errors = [
            "Quantization table 0x00 was not defined",
            "Premature end of input file",
            "Application transferred too few scanlines",
            "Invalid JPEG file structure: two SOF markers",
            "Bogus marker length",
            "Huffman table 0x01 was not defined",
            "tjDecompress2(): Invalid argument",
        ]
        #expect(warnings.filter { !LibjpegWarning.isWarning($0) } == [])
        #expect(errors.filter { LibjpegWarning.isWarning($0) } == [])
    }
}
