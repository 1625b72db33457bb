@testable import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// Decoded pixels equal Pillow's (or, for the documented 16-bit cases, the stated formula) for
/// every fixture and sample photo, byte for byte.
@Suite("Codec: decoding matches the reference")
struct FixtureDecodeTests {
    typealias Manifest = DecodeFixtureManifest

    @Test("every fixture decodes to its expected RGBA", arguments: Manifest.shared.fixtures)
    func fixture(_ fixture: Manifest.Fixture) throws {
        let decoded = try ImageDecoder.decode(contentsOf: fixture.path)
        #expect(decoded.image.width == fixture.width)
        #expect(decoded.image.height == fixture.height)
        #expect(decoded.facts.sourceWidth == fixture.width)
        #expect(decoded.facts.sourceHeight == fixture.height)
        #expect(decoded.facts.scaleDenominator == 1)
        #expect(decoded.facts.format == (fixture.file.hasSuffix(".png") ? .png : .jpeg))
        if let expected = fixture.expectedRGBA {
            let difference = CodecTestHelpers.firstDifference(decoded.image.pixels, expected, width: fixture.width)
            #expect(difference == nil, "\(fixture.file) (\(fixture.note))")
        }
        #expect(SHA256.hex(decoded.image.pixels) == fixture.rgbaSHA256)
    }

    @Test("the manifest covers what the decoders promise")
    func coverage() {
        let files = Set(Manifest.shared.fixtures.map(\.file))
        for name in ["png-gray1-13x5.png", "png-gray4-9x4.png", "png-gray8-7x3.png", "png-gray16-5x4.png",
                     "png-ga8-7x3.png", "png-ga16-5x4.png", "png-palette8-7x3.png", "png-palette-trns-7x3.png",
                     "png-rgb8-7x3.png", "png-rgb16-5x4.png", "png-rgba8-7x3.png", "png-rgba16-5x4.png",
                     "png-rgba8-interlaced-13x11.png", "png-rgb8-gamma1-7x3.png", "png-rgb8-exif6-7x3.png",
                     "jpeg-gray-7x3.jpg", "jpeg-rgb420-37x23.jpg", "jpeg-cmyk-9x5.jpg", "jpeg-ycck-9x5.jpg",
                     "jpeg-progressive-37x23.jpg", "jpeg-exif6-mm-12x7.jpg", "jpeg-rgb-1x1.jpg"] {
            #expect(files.contains(name), "\(name) missing from the manifest")
        }
        // The formula cases are exactly the documented differences from Pillow.
        let formula = Manifest.shared.fixtures.filter { $0.expected == "formula" }.map(\.file).sorted()
        // The one deliberate difference from Pillow: 16-bit gray keeps its high byte (Pillow saturates).
        #expect(formula == ["png-gray16-5x4.png"])
        #expect(Manifest.shared.fixtures.allSatisfy { $0.expected == "pillow" || $0.pillowAgrees == false })
    }

    @Test("sample photos decode to Pillow's pixels", arguments: Manifest.shared.samples)
    func sample(_ sample: Manifest.Sample) throws {
        let bytes = try ImageFileReader.readAll(path: sample.path)
        #expect(SHA256.hex(bytes) == sample.fileSHA256, "samples/\(sample.file) is not the file the manifest describes")
        let decoded = try ImageDecoder.decode(data: bytes, source: sample.path)
        #expect(decoded.image.width == sample.width)
        #expect(decoded.image.height == sample.height)
        #expect(SHA256.hex(decoded.image.pixels) == sample.rgbaSHA256)
    }

    static let scaledCases: [(Manifest.Sample, Manifest.Scaled)] =
        Manifest.shared.samples.flatMap { sample in (sample.scaled ?? []).map { (sample, $0) } }

    @Test("shrink-on-load decodes equal Pillow's draft-mode decodes", arguments: scaledCases)
    func shrunk(_ sample: Manifest.Sample, _ scaled: Manifest.Scaled) throws {
        let d = scaled.denominator
        // Ask for half of Pillow's draft size `(W // d, H // d)`: 1/d is then the largest scale
        // that holds twice the request (`ShrinkOnLoad.denominator`, Pillow's rule).
        let options = DecodeOptions(minimumSize: { w, h in PixelSize(width: w / d / 2, height: h / d / 2) })
        let decoded = try ImageDecoder.decode(contentsOf: sample.path, options: options)
        #expect(decoded.facts.scaleDenominator == d)
        #expect(decoded.facts.sourceWidth == sample.width)
        #expect(decoded.facts.sourceHeight == sample.height)
        #expect(decoded.image.width == scaled.width)
        #expect(decoded.image.height == scaled.height)
        #expect(SHA256.hex(decoded.image.pixels) == scaled.rgbaSHA256)
    }

    @Test("SHA-256 helper matches the FIPS 180-4 test vectors")
    func sha256Vectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
