import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// JPEG XL input: sniffed by content (bare codestream and container), decoded as djxl 0.7 and
/// pillow-jxl-plugin decode it (lossless exactly, lossy within what two libjxl versions allow),
/// its ICC profile read, its limits enforced before allocation, damage reported exactly.
@Suite struct JXLDecodeTests {
    @Test func theFixturesAreThere() {
        #expect(JXLFixtureManifest.cases.count == 12)
        #expect(JXLFixtureManifest.cases.filter(\.isLossless).count == 8)
    }

    @Test(arguments: JXLFixtureManifest.cases.filter(\.isLossless))
    func losslessFilesDecodeExactlyAsDjxlAndPillowJXL(_ fixture: JXLFixtureManifest.Case) throws {
        let decoded = try ImageDecoder.decode(contentsOf: fixture.path)
        #expect(decoded.facts.format == .jxl)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(SHA256.hex(decoded.image.pixels) == fixture.djxlSHA256)
        #expect(SHA256.hex(decoded.image.pixels) == fixture.pillowJXLSHA256)
    }

    @Test(arguments: JXLFixtureManifest.cases.filter { !$0.isLossless })
    func lossyFilesDecodeWithinTheOtherDecodersTolerance(_ fixture: JXLFixtureManifest.Case) throws {
        let decoded = try ImageDecoder.decode(contentsOf: fixture.path).image
        let djxl = try HostImage(width: fixture.width, height: fixture.height, pixels: JXLFixtureManifest.rgba(fixture.djxl))
        let pillow = try HostImage(width: fixture.width, height: fixture.height,
                                   pixels: JXLFixtureManifest.rgba(fixture.pillowJXL))
        // The same libjxl as djxl: its sRGB output exactly, or (converted from a profile by
        // lcms2 there, by libjxl here) within rounding.
        let fromProfile = fixture.file.contains("p3")
        #expect(CodecTestHelpers.psnr(decoded, djxl) >= (fromProfile ? 40 : .infinity))
        // pillow-jxl-plugin carries libjxl 0.11, whose lossy decode differs a little.
        #expect(CodecTestHelpers.psnr(decoded, pillow) >= 40)
    }

    @Test func bothSignaturesAreSniffed() throws {
        let codestream = try [UInt8](Data(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-lossless.jxl")))
        let container = try [UInt8](Data(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-lossless-container.jxl")))
        #expect(Array(codestream.prefix(2)) == [0xFF, 0x0A] && ImageFormat(signatureOf: codestream) == .jxl)
        #expect(Array(container[4..<8]) == Array("JXL ".utf8) && ImageFormat(signatureOf: container) == .jxl)
        // The same picture in both.
        #expect(try ImageDecoder.decode(data: codestream, source: "a").image == ImageDecoder.decode(data: container, source: "b").image)
        // A file cut inside the container's signature is cut off, not unrecognised.
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(data: Array(container.prefix(7)), source: "c") } == .truncated)
    }

    @Test func aLosslessFileKeepsItsProfileAndALossyOneIsConvertedToSRGB() throws {
        let p3 = try [UInt8](Data(contentsOf: RepositoryPaths.root.appendingPathComponent("Tests/GPUOpsTests/Fixtures/srgb/display-p3.icc")))
        var options = DecodeOptions()
        options.readsICCProfile = true
        let lossless = try ImageDecoder.decode(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-lossless-p3.jxl").path,
                                               options: options)
        #expect(lossless.metadata.iccProfile == p3 && !lossless.facts.convertedThroughProfile)
        let lossy = try ImageDecoder.decode(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-q90-p3.jxl").path,
                                            options: options)
        #expect(lossy.facts.convertedThroughProfile && lossy.metadata.iccProfile == nil)
        // libjxl stored Display P3 by name: the profile read is libjxl's for it, which lcms2
        // takes as a colour profile (the file says what its colours are).
        let lossyBytes = try [UInt8](Data(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-q90-p3.jxl")))
        let named = try #require(ICCProfile.read(from: lossyBytes))
        #expect(named != p3 && (try? ColourTransform.toSRGB(from: named)) != nil)
        // sRGB by name is no profile.
        let srgb = try ImageEncoder.encode(TestImages.gradient(width: 8, height: 8), as: .jxl, lossless: true)
        #expect(ICCProfile.read(from: srgb) == nil)
    }

    @Test func theHeaderIsReadWithoutDecoding() throws {
        let header = try ImageDecoder.readHeader(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-q90.jxl").path)
        #expect(header.format == .jxl && header.storedWidth == 48 && header.storedHeight == 32)
    }

    @Test func limitsAreEnforcedBeforeAllocation() throws {
        let path = JXLFixtureManifest.folder.appendingPathComponent("cjxl-lossless.jxl").path
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(maxPixels: 1000)) }
                == .tooManyPixels(width: 48, height: 32, limit: 1000))
        // 48 × 32 pixels at 4 bytes of RGBA and 16 of libjxl's float planes.
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(memoryBudget: 20_000)) }
                == .exceedsMemoryBudget(width: 48, height: 32, bytes: 48 * 32 * 20, budget: 20_000))
    }

    @Test func aCutOffFileIsTruncatedAndADamagedOneCorrupt() throws {
        let bytes = try [UInt8](Data(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-lossless.jxl")))
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(data: Array(bytes.prefix(bytes.count / 2)), source: "cut") }
                == .truncated)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(data: Array(bytes.prefix(3)), source: "cut") }
                == .truncated)
        // Bytes 20 to 60 hold the (compressed) ICC profile of the header; the last 2000 the
        // pixels' entropy-coded data.
        var header = bytes
        for i in 20..<60 { header[i] ^= 0x5A }
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(data: header, source: "damaged") }
                == .corrupt("libjxl could not decode the colour encoding"))
        var data = bytes
        for i in (bytes.count - 2000)..<(bytes.count - 1000) { data[i] ^= 0x5A }
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageDecoder.decode(data: data, source: "damaged") }
                == .corrupt("libjxl could not decode the image data"))
    }
}
