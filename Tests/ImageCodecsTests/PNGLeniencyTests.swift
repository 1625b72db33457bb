import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// PNGs libpng refuses and Pillow 13.0.0 reads (scripts/fixtures/make_png_leniency_fixtures.py):
/// chunks before IHDR, a repeated IHDR, compression byte 1, an unknown critical chunk, bad IDAT
/// CRCs, image data that ends at a row boundary (RGB, RGBA, palette, 2-bit gray, 16-bit,
/// interlaced), a palette image without PLTE (or with PLTE and tRNS before IHDR, which Pillow
/// ignores), interlace methods above 1, an IDAT before IHDR, a zlib stream without its final
/// block, and CRC errors after each of these. With warnings not errors (`--fail-on error`, the
/// CLI's default) each is read with Pillow's pixels; with `--fail-on warning` each is refused,
/// as before. What Pillow refuses (a stream ending inside a row, cut off, or without its final
/// block before the last row; a bad Adler-32; filter method 1; interlace method 2 over rows
/// that are not interlaced; an IDAT before IHDR with a bad CRC) is refused.
@Suite struct PNGLeniencyTests {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let pillow: String
        let rgba: String?
        var description: String { file }
    }
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/png-leniency")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    func decode(_ fixture: Case, failOnWarnings: Bool, path: PNGDecodePath = .automatic) throws -> HostImage {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(fixture.file)))
        return try ImageDecoder.decode(data: bytes, source: fixture.file,
                                       options: DecodeOptions(failOnWarnings: failOnWarnings), pngPath: path).image
    }

    @Test(arguments: cases)
    func readsWhatPillowReadsWithItsPixels(_ fixture: Case) throws {
        guard let rgba = fixture.rgba.flatMap({ Data(base64Encoded: $0) }) else {
            #expect(throws: ImageCodecError.self, "Pillow: \(fixture.pillow)") { try decode(fixture, failOnWarnings: false) }
            return
        }
        let image = try decode(fixture, failOnWarnings: false)
        #expect(image.pixels == [UInt8](rgba), "\(fixture.file)")
        // The same repair before libpng: exact, but for 16-bit alpha, which libpng rounds where
        // Pillow takes the high byte (docs/SPEC.md §6).
        let viaLibpng = try decode(fixture, failOnWarnings: false, path: .libpng)
        let tolerance = fixture.file.contains("16bit") ? 1 : 0
        #expect(zip(viaLibpng.pixels, [UInt8](rgba)).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }, "\(fixture.file) via libpng")
    }

    @Test func refusedWhenWarningsAreErrors() {
        for fixture in Self.cases {
            #expect(throws: ImageCodecError.self, "\(fixture.file)") { try decode(fixture, failOnWarnings: true) }
        }
    }
}
