import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Every PNG layout, colour type × bit depth × interlace, with and without tRNS
/// (scripts/fixtures/make_png_layout_fixtures.py): each decodes to exactly what pypng, a
/// pure-Python reading of the PNG specification, gives (16-bit samples as their high byte), and
/// that is Pillow 13.0.0's reading too, except where the manifest records that Pillow misreads
/// the tRNS colour (docs/SPEC.md §6): there the decoder follows the specification.
@Suite struct PNGLayoutFixtureTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let file: String
        let pypng: String
        let pillow: String
        let pillowMisreads: String?
        var testDescription: String { file }
        var specification: [UInt8] { [UInt8](Data(base64Encoded: pypng)!) }
        var pillowPixels: [UInt8] { [UInt8](Data(base64Encoded: pillow)!) }
    }
    struct Manifest: Decodable {
        let width: Int
        let height: Int
        let cases: [Case]
    }

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/png-layouts")
    static let manifest: Manifest = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try! JSONDecoder().decode(Manifest.self, from: data)
    }()

    static func bytes(_ fixture: Case) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(fixture.file)))
    }

    @Test(arguments: manifest.cases)
    func decodesAsTheSpecificationSays(_ fixture: Case) throws {
        let image = try ImageDecoder.decode(data: Self.bytes(fixture), source: fixture.file).image
        // Every layout is the fast path's (libpng's simplified API cannot reduce interlaced
        // 16-bit images to 8 bits correctly: see PNGDecoder).
        let fast = try ImageDecoder.decode(data: Self.bytes(fixture), source: fixture.file, options: DecodeOptions(),
                                           pngPath: .fastPathOnly).image
        #expect(fast.pixels == image.pixels)
        #expect(image.width == Self.manifest.width && image.height == Self.manifest.height)
        let difference = CodecTestHelpers.firstDifference(image.pixels, fixture.specification, width: image.width)
        #expect(difference == nil, "against pypng")
        if fixture.pillowMisreads == nil {
            #expect(image.pixels == fixture.pillowPixels, "against Pillow")
        } else {
            #expect(image.pixels != fixture.pillowPixels, "the manifest says Pillow misreads this file")
        }
    }

    @Test func coversEveryLayout() {
        let files = Set(Self.manifest.cases.map(\.file))
        let layouts = ["gray-1bit", "gray-2bit", "gray-4bit", "gray-8bit", "gray-16bit", "rgb-8bit", "rgb-16bit",
                       "palette-1bit", "palette-2bit", "palette-4bit", "palette-8bit",
                       "gray-alpha-8bit", "gray-alpha-16bit", "rgba-8bit", "rgba-16bit"]
        for layout in layouts {
            for interlace in ["", "-adam7"] {
                #expect(files.contains("\(layout)\(interlace).png"))
                if !layout.contains("alpha") && !layout.hasPrefix("rgba") {
                    #expect(files.contains("\(layout)-trns\(interlace).png"))
                }
            }
        }
        // The two tRNS readings where Pillow departs from the specification.
        #expect(Set(Self.manifest.cases.filter { $0.pillowMisreads != nil }.map(\.file))
                == ["gray-2bit-trns.png", "gray-2bit-trns-adam7.png", "gray-4bit-trns.png", "gray-4bit-trns-adam7.png",
                    "rgb-16bit-trns.png", "rgb-16bit-trns-adam7.png"])
    }
}
