import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Grid images (Fixtures/heif/grid and grid-refused, written by
/// scripts/fixtures/make_heif_fixtures.py from yuv420.heic's HEVC picture): one whose tiles cover
/// it decodes within 1 of pillow-heif; those whose tiles fall short, differ in size or have none
/// (no `ispe`) are refused
/// with pillow-heif's (libheif 1.18+'s) reason, where libheif 1.15 pasted them into memory it
/// never cleared (`HEIFGridCoverage`).
@Suite struct HEIFGridTests {
    struct Refused: Decodable, CustomStringConvertible {
        let file: String
        let pillowError: String
        var description: String { file }

        enum CodingKeys: String, CodingKey {
            case file
            case pillowError = "pillow_error"
        }
    }

    static let cases = FormatFixtureManifest.cases(in: "heif/grid")
    static let refusedFolder = FormatFixtureManifest.folder("heif/grid-refused")
    static let refused: [Refused] = (try? FixtureManifest.cases(in: refusedFolder)) ?? []

    static func bytes(_ folder: URL, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyCaseHasAFixture() {
        #expect(Self.cases.map(\.file) == ["tiles-1x2.heic"])
        #expect(Self.refused.map(\.file) == ["tiles-short.heic", "tiles-unequal.heic", "tiles-without-ispe.heic"])
    }

    @Test(arguments: cases)
    func aGridItsTilesCoverDecodesWithinOneOfPillowHeif(_ fixture: FormatFixtureManifest.Case) throws {
        let bytes = try Self.bytes(FormatFixtureManifest.folder("heif/grid"), fixture.file)
        #expect(bytes.withUnsafeBytes { HEIFGridCoverage.refusal($0) } == nil)
        let decoded = try ImageDecoder.decode(data: bytes, source: fixture.file)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        let expected = fixture.expectedRGBA
        let largest = zip(decoded.image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(decoded.image.pixels.count == expected.count && largest <= 1, "largest difference \(largest)")
    }

    @Test(arguments: refused, [false, true])
    func aGridItsTilesDoNotCoverIsRefusedAsPillowHeifRefusesIt(_ grid: Refused, failOnWarnings: Bool) throws {
        let bytes = try Self.bytes(Self.refusedFolder, grid.file)
        let error = #expect(throws: ImageCodecError.self) {
            try ImageDecoder.decode(data: bytes, source: grid.file, options: DecodeOptions(failOnWarnings: failOnWarnings))
        }
        #expect(error?.source == grid.file)
        #expect(error?.reason.description == "corrupt image data: libheif: \(grid.pillowError)")
    }

    @Test func imagesThatAreNotGridsAreLeftToLibheif() throws {
        for fixture in FormatFixtureManifest.cases(in: "heif") {
            let bytes = try Self.bytes(FormatFixtureManifest.folder("heif"), fixture.file)
            #expect(bytes.withUnsafeBytes { HEIFGridCoverage.refusal($0) } == nil, "\(fixture.file)")
        }
    }

    /// The box reader on every prefix of every grid fixture: each read is bounds-checked, so a
    /// cut file is a refusal or nil (libheif decides), never a trap.
    @Test func everyPrefixIsReadWithoutATrap() throws {
        let files = try [Self.bytes(FormatFixtureManifest.folder("heif/grid"), "tiles-1x2.heic")]
            + Self.refused.map { try Self.bytes(Self.refusedFolder, $0.file) }
        for whole in files {
            for length in 0..<whole.count {
                _ = Array(whole.prefix(length)).withUnsafeBytes { HEIFGridCoverage.refusal($0) }
            }
        }
        #expect(files.count == 4)
    }

    /// Every byte of every grid fixture set to a few values (sizes of 8-byte fields, offsets
    /// near the top of Int): a refusal or nil, never a trap.
    @Test func everyOneByteChangeIsReadWithoutATrap() throws {
        let files = try [Self.bytes(FormatFixtureManifest.folder("heif/grid"), "tiles-1x2.heic")]
            + Self.refused.map { try Self.bytes(Self.refusedFolder, $0.file) }
        var refusals = 0
        for whole in files {
            for position in whole.indices {
                for value: UInt8 in [0x00, 0x01, 0x80, 0x88, 0xFF] {
                    var changed = whole
                    changed[position] = value
                    if changed.withUnsafeBytes({ HEIFGridCoverage.refusal($0) }) != nil { refusals += 1 }
                }
            }
        }
        // The three refused fixtures stay refused under most changes (those outside the boxes read).
        #expect(refusals > 0)
    }
}
