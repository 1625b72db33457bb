import Foundation
@testable import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// Cut-off JPEGs and animated WebPs (scripts/fixtures/make_jpeg_webp_verdict_fixtures.py), each
/// with Pillow 13.0.0's verdict: what Pillow refuses as "image file is truncated" is refused as
/// `.truncated` under either `--fail-on`; what it reads decodes to its RGBA.
@Suite struct JPEGWebPVerdictTests {
    typealias Case = PillowVerdictFixture
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/jpeg-webp-verdicts")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    static func decode(_ fixture: Case, options: DecodeOptions) throws -> DecodedImage {
        try ImageDecoder.decode(contentsOf: folder.appendingPathComponent(fixture.file).path, options: options)
    }

    static func reason(_ fixture: Case, options: DecodeOptions) -> ImageCodecError.Reason? {
        do {
            _ = try decode(fixture, options: options)
            return nil
        } catch {
            return (error as? ImageCodecError)?.reason
        }
    }

    @Test("the fixtures cover both verdicts for JPEG and animated WebP reads")
    func coverage() {
        #expect(Self.cases.filter { $0.isJPEG && $0.pillow == "read" }.count >= 2)
        #expect(Self.cases.filter { $0.isJPEG && $0.pillow.contains("image file is truncated") }.count >= 4)
        #expect(Self.cases.filter { !$0.isJPEG && $0.pillow == "read" }.count >= 5)
    }

    @Test("Pillow's verdict and pixels with warnings accepted (--fail-on error)", arguments: cases)
    func pillowsVerdict(_ fixture: Case) throws {
        let options = DecodeOptions(failOnWarnings: false)
        guard fixture.pillow == "read" else {
            #expect(Self.reason(fixture, options: options) == .truncated, "Pillow: \(fixture.pillow)")
            return
        }
        let image = try Self.decode(fixture, options: options).image
        #expect(image.width == fixture.width && image.height == fixture.height)
        #expect(SHA256.hex(image.pixels) == fixture.rgbaSHA256)
    }

    @Test("--fail-on warning refuses a superset: Pillow's refusals as .truncated too, and cut JPEGs Pillow reads",
          arguments: cases)
    func warningsAreErrors(_ fixture: Case) throws {
        let options = DecodeOptions(failOnWarnings: true)
        if fixture.pillow != "read" {
            #expect(Self.reason(fixture, options: options) == .truncated, "Pillow: \(fixture.pillow)")
        } else if fixture.isJPEG {
            // Cut before the end-of-image marker: libjpeg warns "Premature end of JPEG file".
            #expect(Self.reason(fixture, options: options) == .truncated)
        } else {
            #expect(SHA256.hex(try Self.decode(fixture, options: options).image.pixels) == fixture.rgbaSHA256)
        }
    }

    @Test("shrink-on-load gives the full decode's verdict", arguments: cases.filter(\.isJPEG))
    func shrinkOnLoadSameVerdict(_ fixture: Case) throws {
        let full = DecodeOptions(failOnWarnings: false)
        var shrunk = full
        shrunk.minimumSize = { w, h in PixelSize(width: w / 8, height: h / 8) }
        #expect(Self.reason(fixture, options: shrunk) == Self.reason(fixture, options: full))
        if fixture.pillow == "read" {
            #expect(try Self.decode(fixture, options: shrunk).facts.scaleDenominator > 1)
        }
    }

    @Test("an animated WebP's header gives its canvas size without decoding", arguments: cases.filter { !$0.isJPEG })
    func animatedHeader(_ fixture: Case) throws {
        let header = try ImageDecoder.readHeader(contentsOf: Self.folder.appendingPathComponent(fixture.file).path)
        #expect(header.format == .webp)
        #expect(header.storedWidth == fixture.width && header.storedHeight == fixture.height)
    }

    @Test("an animation's ICC profile is read as a still's, Pillow's info[\"icc_profile\"]")
    func animatedProfile() throws {
        let withProfile = Self.cases.filter { $0.iccSHA256 != nil }
        #expect(withProfile.map(\.file) == ["anim-pillow-frames-icc.webp"])
        for fixture in withProfile {
            var options = DecodeOptions()
            options.readsICCProfile = true
            let profile = try #require(try Self.decode(fixture, options: options).metadata.iccProfile)
            #expect(SHA256.hex(profile) == fixture.iccSHA256)
        }
    }

    @Test("every frame of an animation comes out of the iterator, the first as decoded")
    func framesIterate() throws {
        let data = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("anim-pillow-lossless.webp")))
        let fixture = try #require(Self.cases.first { $0.file == "anim-pillow-lossless.webp" })
        try data.withUnsafeBytes { bytes in
            let frames = try #require(WebPAnimationFrames(bytes))
            #expect(frames.frameCount == 3)
            var timestamps: [Int] = []
            var first: [UInt8]? = nil
            while let frame = frames.next() {
                if first == nil { first = frame.pixels }
                #expect(frame.pixels.count == frames.width * frames.height * 4)
                timestamps.append(frame.timestamp)
            }
            #expect(timestamps == [80, 160, 240])
            #expect(first.map(SHA256.hex) == fixture.rgbaSHA256)
        }
    }

    @Test("an animation whose frame data is damaged is refused, not read as a blank canvas")
    func damagedAnimation() throws {
        var data = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("anim-pillow-lossy-alpha.webp")))
        // Keep the headers (VP8X, ANIM, the first ANMF's header) and zero the frame bitstreams.
        for i in 80..<data.count { data[i] = 0 }
        #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(data: data, source: "damaged.webp") }
    }
}

extension PillowVerdictFixture {
    var isJPEG: Bool { file.hasSuffix(".jpg") }
}
