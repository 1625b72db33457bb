import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// JPEG XL output: lossless keeps every pixel (transparent ones' colour too) through our
/// decoder, and the files gpuglitch wrote decode to the same pixels through djxl and
/// pillow-jxl-plugin (recorded once); lossy follows cjxl's quality-to-distance mapping (the
/// very bytes of cjxl -q 90); the ICC profile is written.
@Suite struct JXLEncodeTests {
    static func source(_ name: String) throws -> DecodedImage {
        var options = DecodeOptions()
        options.readsICCProfile = true
        return try ImageDecoder.decode(contentsOf: JXLFixtureManifest.folder.appendingPathComponent(name).path, options: options)
    }

    @Test func losslessKeepsEveryPixelTransparentOnesIncluded() throws {
        for image in [TestImages.noise(width: 37, height: 23, seed: 9, alpha: true), TestImages.gradient(width: 40, height: 30)] {
            let jxl = try ImageEncoder.encode(image, as: .jxl, lossless: true)
            #expect(ImageFormat(signatureOf: jxl) == .jxl)
            #expect(try ImageDecoder.decode(data: jxl, source: "jxl").image == image)
        }
    }

    @Test(arguments: [("ours-lossless.jxl", "source-photo.png"), ("ours-lossless-alpha.jxl", "source-alpha.png"),
                      ("ours-lossless-p3.jxl", "source-p3.png")])
    func ourLosslessFilesDecodeExactlyThroughDjxlAndPillowJXL(_ file: String, _ sourceName: String) throws {
        let fixture = try #require(JXLFixtureManifest.cases.first { $0.file == file })
        let source = try Self.source(sourceName).image
        #expect(SHA256.hex(source.pixels) == fixture.djxlSHA256)
        #expect(SHA256.hex(source.pixels) == fixture.pillowJXLSHA256)
        #expect(try ImageDecoder.decode(contentsOf: fixture.path).image == source)
        // What the encoder writes today decodes to the same pixels again.
        let again = try ImageEncoder.encode(source, as: .jxl, lossless: true)
        #expect(try ImageDecoder.decode(data: again, source: "again").image == source)
    }

    @Test func qualityIsCjxlsDistance() throws {
        let manifest = try #require(JXLFixtureManifest.loaded)
        #expect(manifest.qualityToDistance.count == 7)
        for mapping in manifest.qualityToDistance {
            let settings = JXLEncoderSettings(quality: mapping.quality, lossless: false, effort: 7)
            #expect(settings.distance == Float(mapping.distance) && !settings.lossless, "quality \(mapping.quality)")
        }
        #expect(JXLEncoderSettings(quality: 100, lossless: false, effort: 7).lossless)
        #expect(JXLEncoderSettings(quality: 0, lossless: false, effort: 7).distance == 25)
        // Quality 90 (distance 1) at effort 7 codes the picture as cjxl -q 90 does: the same
        // pixels decoded (the files differ only in cjxl's colour header, from the PNG's sRGB profile).
        let cjxl = try [UInt8](Data(contentsOf: JXLFixtureManifest.folder.appendingPathComponent("cjxl-q90.jxl")))
        let ours = try ImageEncoder.encode(try Self.source("source-photo.png").image, as: .jxl, quality: 90)
        #expect(ours != cjxl && ours.suffix(600) == cjxl.suffix(600))
        #expect(try ImageDecoder.decode(data: ours, source: "ours").image == ImageDecoder.decode(data: cjxl, source: "cjxl").image)
    }

    @Test func lossyFollowsQualityAndDecodesAsDjxl() throws {
        let image = try Self.source("source-photo.png").image
        let low = try ImageEncoder.encode(image, as: .jxl, quality: 30)
        let high = try ImageEncoder.encode(image, as: .jxl, quality: 95)
        #expect(low.count < high.count)
        let lowPSNR = CodecTestHelpers.psnr(try ImageDecoder.decode(data: low, source: "low").image, image)
        let highPSNR = CodecTestHelpers.psnr(try ImageDecoder.decode(data: high, source: "high").image, image)
        #expect(lowPSNR < highPSNR && highPSNR > 35)
        let fixture = try #require(JXLFixtureManifest.cases.first { $0.file == "ours-q90.jxl" })
        let djxl = try HostImage(width: fixture.width, height: fixture.height, pixels: JXLFixtureManifest.rgba(fixture.djxl))
        #expect(try ImageDecoder.decode(contentsOf: fixture.path).image == djxl)
    }

    @Test func theProfileIsWrittenLosslessAndLossy() throws {
        let p3 = try Self.source("source-p3.png")
        let profile = try #require(p3.metadata.iccProfile)
        var options = DecodeOptions()
        options.readsICCProfile = true
        // Lossless: the profile byte for byte, with the pixels in its colours.
        let lossless = try ImageEncoder.encode(p3.image, metadata: p3.metadata, as: .jxl, options: EncodeOptions(lossless: true))
        #expect(ICCProfile.read(from: lossless) == profile)
        let back = try ImageDecoder.decode(data: lossless, source: "lossless", options: options)
        #expect(back.image == p3.image && back.metadata.iccProfile == profile)
        // Lossy: libjxl codes XYB and keeps Display P3 by name; decoded, the pixels are the
        // source's colours in sRGB (as lcms2 converts the source through its profile).
        let lossy = try ImageEncoder.encode(p3.image, metadata: p3.metadata, as: .jxl, options: EncodeOptions(quality: 95))
        #expect(ICCProfile.read(from: lossy) != nil)
        let decoded = try ImageDecoder.decode(data: lossy, source: "lossy", options: options)
        #expect(decoded.facts.convertedThroughProfile && decoded.metadata.iccProfile == nil)
        var expected = p3.image
        try ColourTransform.toSRGB(from: profile).apply(to: &expected)
        #expect(CodecTestHelpers.psnr(decoded.image, expected) > 30)
        #expect(CodecTestHelpers.psnr(decoded.image, p3.image) < CodecTestHelpers.psnr(decoded.image, expected))
        for lossless in [true, false] {
            let stripped = try ImageEncoder.encode(p3.image, metadata: p3.metadata, as: .jxl,
                                                   options: EncodeOptions(quality: 90, lossless: lossless, keep: []))
            #expect(ICCProfile.read(from: stripped) == nil)
        }
    }

    @Test func outOfRangeSettingsAreRefused() {
        let image = TestImages.gradient(width: 8, height: 8)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageEncoder.encode(image, as: .jxl, options: EncodeOptions(effort: 10)) }
                == .encodeFailed("JPEG XL effort must be 1...9 (got 10)"))
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageEncoder.encode(image, as: .jxl, options: EncodeOptions(quality: 101)) }
                == .encodeFailed("JPEG XL quality must be 0...100 (got 101)"))
    }
}
