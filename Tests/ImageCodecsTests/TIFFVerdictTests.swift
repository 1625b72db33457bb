import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// TIFF files at the edge of what Pillow 13.0.0 reads (Fixtures/tiff-verdicts, made by
/// scripts/fixtures/make_tiff_verdict_fixtures.py): each gets Pillow's verdict, its pixels
/// where Pillow reads it (exactly, or within the manifest's tolerance where lcms2 converts),
/// its reason where Pillow refuses it.
@Suite struct TIFFVerdictTests {
    typealias Case = PillowVerdictFixture

    static let folder = FormatFixtureManifest.folder("tiff-verdicts")
    static let cases: [Case] = (try? FixtureManifest.cases(in: folder)) ?? []

    @Test func everyCategoryHasAFixture() {
        #expect(Self.cases.count == 18)
        #expect(Self.cases.filter { $0.pillow == "error" }.count == 5)
    }

    @Test(arguments: cases)
    func givesPillowsVerdict(_ fixture: Case) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(fixture.file)))
        // Lenient, as the command line's default (--fail-on error): what Pillow reads is read.
        let options = DecodeOptions(failOnWarnings: false)
        guard fixture.pillow == "ok" else {
            let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
                try ImageDecoder.decode(data: bytes, source: fixture.file, options: options)
            }
            #expect(reason?.description == fixture.error, "Pillow: \(fixture.reason ?? "")")
            return
        }
        let decoded = try ImageDecoder.decode(data: bytes, source: fixture.file, options: options)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        let tolerance = fixture.tolerance ?? 0
        if let rows = fixture.matchingRows {
            let expected = [UInt8](try #require(fixture.rgba.flatMap { Data(base64Encoded: $0) }))
            let bytes = rows * decoded.image.width * 4
            #expect(CodecTestHelpers.firstDifference(Array(decoded.image.pixels.prefix(bytes)),
                                                     Array(expected.prefix(bytes)), width: decoded.image.width) == nil)
        } else if tolerance == 0 {
            #expect(SHA256.hex(decoded.image.pixels) == fixture.rgbaSHA256, "\(fixture.about ?? fixture.file)")
        } else {
            let expected = [UInt8](try #require(fixture.rgba.flatMap { Data(base64Encoded: $0) }))
            #expect(expected.count == decoded.image.pixels.count)
            let worst = zip(expected, decoded.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= tolerance, "\(fixture.file): a channel \(worst) from Pillow's")
        }
    }

    /// The strip whose JPEG is 16 rows of a 384-row strip: the 368 rows libtiff never writes
    /// are black, as Pillow gives them, and the same on every decode whatever the heap held.
    @Test func rowsAJPEGStripDoesNotHoldAreBlack() throws {
        let path = Self.folder.appendingPathComponent("jpeg-strip-shorter-than-strip.tif").path
        for _ in 0..<3 {
            let image = try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(failOnWarnings: false)).image
            #expect(image.width == 512 && image.height == 384)
            let unwritten = image.pixels[(16 * 512 * 4)...]
            #expect(unwritten.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : $0.element == 0 })
        }
    }
}
