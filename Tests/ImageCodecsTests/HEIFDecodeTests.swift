import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// HEIC input through libheif 1.15: the primary image, transformations and alpha, within 1 of
/// pillow-heif 1.8.1 (libheif 1.23); damage is one error, and libheif's iOS 18 refusal says
/// what to do.
@Suite struct HEIFDecodeTests {
    static let folder = FormatFixtureManifest.folder("heif")
    static let cases = FormatFixtureManifest.cases(in: "heif")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyLayoutHasAFixture() {
        #expect(Self.cases.count == 5)
    }

    @Test(arguments: cases)
    func decodesWithinOneOfPillowHeif(_ fixture: FormatFixtureManifest.Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let decoded = try ImageDecoder.decode(contentsOf: path)
        #expect(decoded.facts.format == .heif)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        let expected = fixture.expectedRGBA
        let largest = zip(decoded.image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(decoded.image.pixels.count == expected.count && largest <= 1, "largest difference \(largest)")
        let header = try ImageDecoder.readHeader(contentsOf: path)
        #expect(header.format == .heif && header.width == fixture.width && header.height == fixture.height)
    }

    @Test func theColrProfileIsRead() throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(data: Self.bytes("icc-profile.heic"), source: "icc", options: options)
        #expect(decoded.metadata.iccProfile == Array("fake-heif-icc-".utf8) + (0..<40).map { UInt8($0) })
        #expect(try ImageDecoder.decode(data: Self.bytes("yuv420.heic"), source: "p", options: options).metadata.iccProfile == nil)
    }

    @Test func aCutFileIsTruncated() throws {
        let whole = try Self.bytes("yuv420.heic")
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array(whole.dropLast(100)), source: "cut.heic")
        }
        #expect(reason == .truncated)
    }

    @Test func aFileCutBeforeItsMetadataIsLibheifsError() throws {
        let whole = try Self.bytes("yuv420.heic")
        #expect(throws: ImageCodecError(source: "c.heic", reason: .corrupt("libheif: Invalid input: No 'meta' box"))) {
            try ImageDecoder.decode(data: Array(whole.prefix(40)), source: "c.heic")
        }
    }

    @Test func theIOS18MetadataRefusalSaysWhatToDo() {
        let error = HEIFLoader.failure(message: "Metadata not correctly assigned to image", source: "i.heic")
        #expect(error.description == "i.heic: corrupt image data: libheif: Metadata not correctly assigned to image; "
            + HEIFLoader.metadataHint)
    }

    @Test func everyPrefixFailsWithOneErrorOrDecodes() throws {
        let whole = try Self.bytes("alpha.heic")
        for length in stride(from: 0, to: whole.count, by: 29) {
            do {
                _ = try ImageDecoder.decode(data: Array(whole.prefix(length)), source: "p")
            } catch {
                #expect(error.source == "p")
            }
        }
    }
}
