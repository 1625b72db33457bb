import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// WebP input (lossless files decode to Pillow 13.0.0's pixels, EXIF orientation applied) and
/// output (lossless keeps every pixel, transparent ones' colour included; a profile round-trips).
@Suite struct WebPTests {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let rgba: String
        var description: String { file }
    }
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/webp")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    @Test(arguments: cases)
    func losslessInputDecodesAsPillow(_ fixture: Case) throws {
        let decoded = try ImageDecoder.decode(contentsOf: Self.folder.appendingPathComponent(fixture.file).path)
        #expect(decoded.facts.format == .webp)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(decoded.image.pixels == [UInt8](Data(base64Encoded: fixture.rgba)!))
    }

    @Test func losslessOutputKeepsEveryPixelTransparentOnesIncluded() throws {
        let image = TestImages.noise(width: 37, height: 23, seed: 9, alpha: true)
        let webp = try ImageEncoder.encodeWebP(image, lossless: true)
        #expect(ImageFormat(signatureOf: webp) == .webp)
        #expect(try ImageDecoder.decode(data: webp, source: "webp").image == image)
    }

    @Test func lossyOutputFollowsQuality() throws {
        let image = TestImages.gradient(width: 64, height: 48)
        let low = try ImageEncoder.encodeWebP(image, quality: 10)
        let high = try ImageEncoder.encodeWebP(image, quality: 95)
        #expect(low.count < high.count)
        let decoded = try ImageDecoder.decode(data: high, source: "high").image
        #expect(decoded.width == 64 && decoded.height == 48)
    }

    @Test func aProfileIsEmbeddedAndReadBack() throws {
        let profile = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let image = TestImages.gradient(width: 8, height: 8)
        let plain = try ImageEncoder.encodeWebP(image, lossless: true)
        let tagged = try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: profile), as: .webp,
                                             options: EncodeOptions(lossless: true))
        #expect(ICCProfile.read(from: tagged) == profile)
        #expect(try ImageDecoder.decode(data: tagged, source: "tagged").image == ImageDecoder.decode(data: plain, source: "plain").image)
    }

    @Test func damagedWebPIsOneError() throws {
        var webp = try ImageEncoder.encodeWebP(TestImages.gradient(width: 16, height: 16), lossless: true)
        webp.removeLast(webp.count / 2)
        #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(data: webp, source: "cut") }
    }
}
