import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// AVIF input through libavif: 8/10/12-bit, every chroma layout, alpha and irot/imir decode to
/// Pillow 13.0.0's pixels (exactly, except 12-bit, within 3, and monochrome 10-bit, within 2); damage is
/// one error.
@Suite struct AVIFDecodeTests {
    static let folder = FormatFixtureManifest.folder("avif")
    static let cases = FormatFixtureManifest.cases(in: "avif")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Converted by Debian's libavif 0.11.1 differently from Pillow's newer one: the largest
    /// difference measured on each (levels); every other file is exact.
    static let tolerances = ["avifenc-12bit-444.avif": 3, "avifenc-10bit-400.avif": 2]

    @Test func everyLayoutHasAFixture() {
        #expect(Self.cases.count == 11)
    }

    @Test(arguments: cases)
    func decodesAsPillow(_ fixture: FormatFixtureManifest.Case) throws {
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let decoded = try ImageDecoder.decode(contentsOf: path)
        #expect(decoded.facts.format == .avif)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        let expected = fixture.expectedRGBA
        let largest = zip(decoded.image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let tolerance = Self.tolerances[fixture.file] ?? 0
        #expect(decoded.image.pixels.count == expected.count && largest <= tolerance, "largest difference \(largest)")
        let header = try ImageDecoder.readHeader(contentsOf: path)
        #expect(header.format == .avif && header.width == fixture.width && header.height == fixture.height)
    }

    @Test func theColrProfileIsRead() throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(data: Self.bytes("icc-profile.avif"), source: "icc", options: options)
        #expect(decoded.metadata.iccProfile == Array("fake-avif-icc-".utf8) + (0..<40).map { UInt8($0) })
        #expect(try ImageDecoder.decode(data: Self.bytes("yuv420-8bit.avif"), source: "p", options: options).metadata.iccProfile == nil)
    }

    @Test func aCutFileIsTruncated() throws {
        let whole = try Self.bytes("yuv420-8bit.avif")
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: Array(whole.dropLast(40)), source: "cut.avif")
        }
        #expect(reason == .truncated)
    }

    @Test func damagedCodedDataIsLibavifsError() throws {
        var avif = try Self.bytes("yuv444-8bit.avif")
        // The AV1 data is the `mdat` box's payload, the file's tail: overwrite most of it.
        let mdat = try #require(avif.indices.first { avif[$0..<min(avif.count, $0 + 4)].elementsEqual("mdat".utf8) })
        for i in (mdat + 14)..<avif.count { avif[i] = 0xFF }
        #expect(throws: ImageCodecError(source: "d.avif", reason: .corrupt("libavif: Decoding of color planes failed"))) {
            try ImageDecoder.decode(data: avif, source: "d.avif")
        }
    }

    /// The pixel limit and the memory budget are checked against the `ispe` box's size; the
    /// AV1 frame can be larger (here 24x16 under an `ispe` of 4x4), so libavif and dav1d are told
    /// the limit too and refuse a frame over it instead of allocating it.
    @Test func aFrameLargerThanItsDeclaredSizeIsHeldToTheLimits() throws {
        var avif = try Self.bytes("yuv444-8bit.avif")
        let ispe = try #require(avif.indices.first { avif[$0..<min(avif.count, $0 + 4)].elementsEqual("ispe".utf8) })
        avif.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0, 0, 0, 4, 0, 0, 0, 4])
        #expect(try ImageDecoder.readHeader(data: avif, source: "f").pixelCount == 16)
        let refused = ImageCodecError(source: "f", reason: .corrupt("libavif: Decoding of color planes failed"))
        var overPixels = DecodeOptions()
        overPixels.maxPixels = 383
        #expect(throws: refused) { try ImageDecoder.decode(data: avif, source: "f", options: overPixels) }
        var overBudget = DecodeOptions()
        overBudget.memoryBudget = 383 * MemoryBudget.bytesPerPixel
        #expect(throws: refused) { try ImageDecoder.decode(data: avif, source: "f", options: overBudget) }
        var atLimit = DecodeOptions()
        atLimit.maxPixels = 384
        #expect(try ImageDecoder.decode(data: avif, source: "f", options: atLimit).image.width == 4)
    }

    @Test func everyPrefixFailsWithOneErrorOrDecodes() throws {
        let whole = try Self.bytes("alpha-8bit.avif")
        for length in stride(from: 0, to: whole.count, by: 23) {
            do {
                _ = try ImageDecoder.decode(data: Array(whole.prefix(length)), source: "p")
            } catch {
                #expect(error.source == "p")
            }
        }
    }
}
