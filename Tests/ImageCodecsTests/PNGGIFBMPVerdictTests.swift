import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Issue 31's PNG, GIF and BMP files (scripts/fixtures/make_format_verdict_fixtures.py): each is
/// read exactly when Pillow 13.0.0 reads it, to Pillow's pixels (RGB exact, alpha within 1), and
/// refused otherwise with Pillow's reason. Decoded as the CLI does by default (`--fail-on
/// error`: warnings are not errors).
@Suite struct PNGGIFBMPVerdictTests {
    typealias Case = PillowVerdictFixture

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/format-verdicts")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    /// Our reason for each message Pillow refuses these files with.
    static func expectedReason(forPillow message: String) -> ImageCodecError.Reason? {
        if message.hasPrefix("rejected: image file is truncated") || message == "rejected: not enough image data" {
            return .truncated
        }
        if message == "rejected: invalid palette size" { return .corrupt("invalid palette size") }
        return nil
    }

    /// Whether `ours` is Pillow's RGBA: colour bytes equal, alpha within 1.
    static func matches(_ ours: [UInt8], _ pillow: [UInt8]) -> Bool {
        ours.count == pillow.count && ours.indices.allSatisfy { i in
            i % 4 == 3 ? abs(Int(ours[i]) - Int(pillow[i])) <= 1 : ours[i] == pillow[i]
        }
    }

    @Test(arguments: cases)
    func pillowsVerdictAndPixels(_ fixture: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(fixture.file)))
        let options = DecodeOptions(failOnWarnings: false)
        guard fixture.pillow == "ok" else {
            let reason = try #require(Self.expectedReason(forPillow: fixture.pillow), "unmapped: \(fixture.pillow)")
            #expect(throws: ImageCodecError(source: fixture.file, reason: reason)) {
                try ImageDecoder.decode(data: bytes, source: fixture.file, options: options)
            }
            return
        }
        let image = try ImageDecoder.decode(data: bytes, source: fixture.file, options: options).image
        let rgba = [UInt8](try #require(fixture.rgba.flatMap { Data(base64Encoded: $0) }))
        #expect(SHA256.hex(rgba) == fixture.rgbaSHA256)
        #expect(image.width == fixture.width && image.height == fixture.height)
        #expect(Self.matches(image.pixels, rgba), "\(fixture.file)")
    }

    /// The PNGs libpng refuses are refused again when warnings are errors (`--fail-on
    /// warning`), as the other repairs of `PNGPillowRepair` are; the tRNS longer than the
    /// palette is not damage libpng stops at, and is read Pillow's way either way.
    @Test(arguments: cases.filter { $0.file.hasPrefix("png-") && !$0.file.hasPrefix("png-trns-") })
    func pngRepairsAreWarnings(_ fixture: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(fixture.file)))
        #expect(throws: ImageCodecError.self) {
            try ImageDecoder.decode(data: bytes, source: fixture.file, options: DecodeOptions(failOnWarnings: true))
        }
    }

    @Test(arguments: cases.filter { $0.file.hasPrefix("png-trns-") })
    func paletteTransparencyAppliesWhenWarningsAreErrors(_ fixture: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(fixture.file)))
        let image = try ImageDecoder.decode(data: bytes, source: fixture.file,
                                            options: DecodeOptions(failOnWarnings: true)).image
        let rgba = [UInt8](try #require(fixture.rgba.flatMap { Data(base64Encoded: $0) }))
        #expect(Self.matches(image.pixels, rgba))
        #expect(image.hasTransparency)
    }
}
