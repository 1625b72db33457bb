import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Orientation from every place Pillow 13's `exif_transpose` looks, with its precedence:
/// the fixtures (scripts/fixtures/make_orientation_fixtures.py) carry it in ImageMagick's raw
/// EXIF profile (tEXt, zTXt), XMP (attribute and element forms, iTXt compressed or not, tEXt,
/// JPEG APP1) and eXIf / APP1 Exif with and without the tag, alone and in conflict.
@Suite struct MetadataOrientationTests {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let rgba: String
        var description: String { file }
    }
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/orientation")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    @Test(arguments: cases)
    func decodesAsPillowTransposes(_ fixture: Case) throws {
        let decoded = try ImageDecoder.decode(contentsOf: Self.folder.appendingPathComponent(fixture.file).path)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(decoded.image.pixels == [UInt8](Data(base64Encoded: fixture.rgba)!), "\(fixture.file)")
    }

    @Test func xmpPatternIsPillowsRegularExpression() {
        func find(_ text: String) -> ImageOrientation? {
            Array(text.utf8).withUnsafeBytes { MetadataOrientation.xmpOrientation(in: $0) }
        }
        #expect(find(#"<x tiff:Orientation="6"/>"#) == .rightTop)
        #expect(find("<tiff:Orientation>8</tiff:Orientation>") == .leftBottom)
        #expect(find(#"tiff:Orientation = "6""#) == nil, "no spaces allowed, as in the pattern")
        #expect(find(#"tiff:Orientation="x" tiff:Orientation="3""#) == .bottomRight, "first match of the whole pattern")
        #expect(find(#"tiff:Orientation="9""#) == .topLeft, "a digit outside 1–8 turns nothing")
        #expect(find("no xmp here") == nil)
    }

    @Test func rawProfileHexIsReadAfterThreeLines() {
        #expect(MetadataOrientation.rawProfileBytes(Array("\nexif\n       4\n45786966\n".utf8)) == [0x45, 0x78, 0x69, 0x66])
        #expect(MetadataOrientation.rawProfileBytes(Array("\nexif\n       2\n45 78\n".utf8)) == [0x45, 0x78])
        #expect(MetadataOrientation.rawProfileBytes(Array("\nexif\n       2\n4g78\n".utf8)) == nil)
        #expect(MetadataOrientation.rawProfileBytes(Array("\nexif\n".utf8)) == nil)
    }
}
