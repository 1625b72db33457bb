import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// GIF input through giflib: the first frame as Pillow 13.0.0 shows it; damage is one error.
@Suite struct GIFDecodeTests {
    static let folder = FormatFixtureManifest.folder("gif")
    static let cases = FormatFixtureManifest.cases(in: "gif")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyLayoutHasAFixture() {
        #expect(Self.cases.count == 9)
    }

    @Test(arguments: cases)
    func decodesAsPillow(_ fixture: FormatFixtureManifest.Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let decoded = try ImageDecoder.decode(contentsOf: path)
        #expect(decoded.facts.format == .gif)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(CodecTestHelpers.firstDifference(decoded.image.pixels, fixture.expectedRGBA, width: fixture.width) == nil)
        let header = try ImageDecoder.readHeader(contentsOf: path)
        #expect(header.format == .gif && header.width == fixture.width && header.height == fixture.height)
    }

    @Test func aCutFrameIsTruncated() throws {
        let whole = try Self.bytes("palette.gif")
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array(whole.prefix(whole.count / 2)), source: "cut.gif")
        }
        #expect(reason == .truncated)
    }

    @Test func aGIFWithoutAnImageIsNamed() {
        // Header, a 4x4 screen without a colour table, then the trailer.
        let empty: [UInt8] = Array("GIF89a".utf8) + [4, 0, 4, 0, 0, 0, 0, 0x3B]
        #expect(throws: ImageCodecError(source: "e.gif", reason: .corrupt("GIF has no image"))) {
            try ImageDecoder.decode(data: empty, source: "e.gif")
        }
    }

    @Test func aShortSignatureIsTruncated() {
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array("GIF8".utf8), source: "s.gif")
        }
        #expect(reason == .truncated)
    }

    @Test func everyPrefixOfEveryFixtureFailsWithOneErrorOrDecodes() throws {
        for fixture in Self.cases {
            let whole = try Self.bytes(fixture.file)
            for length in stride(from: 0, to: whole.count, by: 5) {
                do {
                    _ = try ImageDecoder.decode(data: Array(whole.prefix(length)), source: "p")
                } catch {
                    #expect(error.source == "p")
                }
            }
        }
    }
}
