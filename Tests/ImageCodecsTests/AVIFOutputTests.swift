import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// AVIF output: decodable by our loader, Pillow 13.0.0 and pillow-heif (the files gpuglitch
/// wrote, decoded once by each), alpha kept exactly, the ICC profile written, and quality for
/// quality as good as Pillow's own AVIF writer (PSNR and SSIM of the same photo).
@Suite struct AVIFOutputTests {
    static let manifest = AVIFOutputManifest.loaded
    static var cases: [AVIFOutputManifest.Case] { manifest?.cases ?? [] }

    static func source(_ name: String) throws -> DecodedImage {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let folder = name == "quality-source.png" ? AVIFOutputManifest.folder : JXLFixtureManifest.folder
        return try ImageDecoder.decode(contentsOf: folder.appendingPathComponent(name).path, options: options)
    }

    @Test func theFixturesAreThere() {
        #expect(Self.cases.count == 4 && Self.manifest?.pillowAVIF.results.count == 3)
    }

    @Test(arguments: cases)
    func ourFilesDecodeAsPillowAndPillowHEIFDecodeThem(_ fixture: AVIFOutputManifest.Case) throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(contentsOf: fixture.path, options: options)
        #expect(decoded.facts.format == .avif)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        // Our loader converts as Pillow's does: its pixels exactly.
        #expect(SHA256.hex(decoded.image.pixels) == fixture.pillowSHA256)
        let heif = try HostImage(width: fixture.width, height: fixture.height,
                                 pixels: [UInt8](Data(base64Encoded: fixture.pillowHEIF) ?? Data()))
        if fixture.source == "source-alpha.png" {
            // Noise: libheif's chroma upsampling differs from libavif's by tens of levels on
            // it, so only the (lossless) alpha is compared.
            #expect(stride(from: 3, to: heif.pixels.count, by: 4).allSatisfy { heif.pixels[$0] == decoded.image.pixels[$0] })
        } else {
            #expect(CodecTestHelpers.psnr(decoded.image, heif) >= 40)
        }
        let source = try Self.source(fixture.source)
        #expect(decoded.metadata.iccProfile == source.metadata.iccProfile)
        #expect(fixture.pillowICCSHA256 == source.metadata.iccProfile.map(SHA256.hex))
    }

    @Test func alphaIsKeptExactlyAndAnOpaqueImageHasNoAlphaPlane() throws {
        let image = TestImages.noise(width: 24, height: 16, seed: 34, alpha: true)
        let avif = try ImageEncoder.encode(image, as: .avif, quality: 60)
        let decoded = try ImageDecoder.decode(data: avif, source: "alpha").image
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == image.pixels[$0] })
        let opaque = try ImageEncoder.encode(TestImages.gradient(width: 24, height: 16), as: .avif, quality: 60)
        #expect(!(try ImageDecoder.decode(data: opaque, source: "opaque").image.hasTransparency))
        #expect(opaque.count < avif.count)
    }

    @Test func qualityForQualityItIsAsGoodAsPillowsOwnAVIF() throws {
        let manifest = try #require(Self.manifest)
        let source = try Self.source(manifest.pillowAVIF.source).image
        for pillow in manifest.pillowAVIF.results {
            let avif = try ImageEncoder.encode(source, as: .avif, quality: pillow.quality)
            let decoded = try ImageDecoder.decode(data: avif, source: "q\(pillow.quality)").image
            let psnr = CodecTestHelpers.psnr(decoded, source), ssim = Self.ssim(decoded, source)
            // libaom 3.6 against Pillow's libaom 3.14, both at speed 6: within 0.3 dB from
            // quality 50 up; at quality 30 this photo may be up to 0.6 dB and 0.012 SSIM below.
            let (dB, ssimTolerance) = pillow.quality >= 50 ? (0.3, 0.005) : (0.6, 0.012)
            #expect(psnr >= pillow.psnr - dB, "quality \(pillow.quality): PSNR \(psnr) vs Pillow's \(pillow.psnr)")
            #expect(ssim >= pillow.ssim - ssimTolerance, "quality \(pillow.quality): SSIM \(ssim) vs Pillow's \(pillow.ssim)")
            #expect(Double(avif.count) <= Double(pillow.bytes) * 1.25, "quality \(pillow.quality): \(avif.count) bytes vs Pillow's \(pillow.bytes)")
        }
    }

    @Test func qualityAndEffortMapAsPillowAndLibavifDo() {
        // libavif 1.x's quality-to-quantizer, which Pillow's `quality=` sets.
        #expect(AVIFEncoderSettings(quality: 100, effort: 3).quantizer == 0)
        #expect(AVIFEncoderSettings(quality: 75, effort: 3).quantizer == 16)
        #expect(AVIFEncoderSettings(quality: 60, effort: 3).quantizer == 25)
        #expect(AVIFEncoderSettings(quality: 0, effort: 3).quantizer == 63)
        #expect(AVIFEncoderSettings(quality: 60, effort: 0).speed == 10 && AVIFEncoderSettings(quality: 60, effort: 10).speed == 0)
        #expect(AVIFEncoderSettings(quality: 60, effort: AVIFEncoderSettings.defaultEffort).speed == 6)
        // Tuned for PSNR always; rectangular partitions only above the default effort.
        #expect(AVIFEncoderSettings(quality: 60, effort: 4).codecOptions.map { "\($0.key)=\($0.value)" }
                == ["tune=psnr", "enable-rect-partitions=0"])
        #expect(AVIFEncoderSettings(quality: 60, effort: 5).codecOptions.map { "\($0.key)=\($0.value)" } == ["tune=psnr"])
    }

    /// More effort is better per byte: at each step (0, the default, 8) a PSNR at least 0.3 dB
    /// higher for less than 2 % more bytes (192 × 128 photo, quality 60: 34.9, 35.6, 36.2 dB).
    @Test func moreEffortIsBetterPerByte() throws {
        let image = try Self.source("quality-source.png").image
        func encoded(effort: Int) throws -> (bytes: Int, psnr: Double) {
            let file = try ImageEncoder.encode(image, as: .avif, options: EncodeOptions(quality: 60, effort: effort))
            let decoded = try ImageDecoder.decode(data: file, source: "e.avif").image
            return (file.count, CodecTestHelpers.psnr(decoded, image))
        }
        let fast = try encoded(effort: 0), standard = try encoded(effort: AVIFEncoderSettings.defaultEffort)
        let slow = try encoded(effort: 8)
        #expect(standard.psnr > fast.psnr + 0.3 && Double(standard.bytes) < Double(fast.bytes) * 1.02,
                "effort 0: \(fast), default: \(standard)")
        #expect(slow.psnr > standard.psnr + 0.3 && Double(slow.bytes) < Double(standard.bytes) * 1.02,
                "default: \(standard), effort 8: \(slow)")
    }

    @Test func outOfRangeSettingsAreRefused() {
        let image = TestImages.gradient(width: 8, height: 8)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageEncoder.encode(image, as: .avif, options: EncodeOptions(effort: 11)) }
                == .encodeFailed("AVIF effort must be 0...10 (got 11)"))
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in try ImageEncoder.encode(image, as: .avif, options: EncodeOptions(quality: -1)) }
                == .encodeFailed("AVIF quality must be 0...100 (got -1)"))
    }

    /// Mean SSIM of the BT.601 luma over 8 × 8 windows, as the fixture script computes it.
    static func ssim(_ a: HostImage, _ b: HostImage) -> Double {
        func luma(_ image: HostImage, _ x: Int, _ y: Int) -> Double {
            let p = image[x, y]
            return 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
        }
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - 8, by: 8) {
            for left in stride(from: 0, through: a.width - 8, by: 8) {
                var p: [Double] = [], q: [Double] = []
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        p.append(luma(a, x, y))
                        q.append(luma(b, x, y))
                    }
                }
                let mp = p.reduce(0, +) / 64, mq = q.reduce(0, +) / 64
                let vp = p.reduce(0) { $0 + ($1 - mp) * ($1 - mp) } / 64
                let vq = q.reduce(0) { $0 + ($1 - mq) * ($1 - mq) } / 64
                let cov = zip(p, q).reduce(0) { $0 + ($1.0 - mp) * ($1.1 - mq) } / 64
                total += ((2 * mp * mq + c1) * (2 * cov + c2)) / ((mp * mp + mq * mq + c1) * (vp + vq + c2))
                windows += 1
            }
        }
        return total / Double(windows)
    }
}
