@testable import GPUOps
import CPUCompute
import Foundation
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// `--icc srgb` in the library: lcms2's conversion against Pillow 13.0.0's
/// `ImageCms.profileToProfile` (scripts/fixtures/make_srgb_fixtures.py), CMYK through its
/// profile at decode, the conversion step of `ThumbnailPipeline` on both backends, and the
/// profiles it refuses.
@Suite("sRGB conversion")
struct ConvertToSRGBTests {
    static let fixtures = RepositoryPaths.fixtures.appendingPathComponent("srgb")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static let srgbDecoding: DecodeOptions = {
        var options = DecodeOptions()
        options.readsICCProfile = true
        options.convertsCMYKToSRGB = true
        return options
    }()

    /// The decoded input converted as the pipeline converts it (without the scale).
    static func converted(_ input: String) throws -> HostImage {
        let decoded = try ImageDecoder.decode(data: bytes(input), source: input, options: srgbDecoding)
        var image = decoded.image
        if let profile = decoded.metadata.iccProfile {
            try ColourTransform.toSRGB(from: profile).apply(to: &image)
        }
        return image
    }

    /// The largest difference of any colour channel, and whether every alpha is equal.
    static func compare(_ a: HostImage, _ b: HostImage) -> (maximum: Int, alphaEqual: Bool) {
        var maximum = 0, alphaEqual = true
        for i in 0..<a.pixels.count {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if i % 4 == 3 { alphaEqual = alphaEqual && d == 0 } else { maximum = max(maximum, d) }
        }
        return (maximum, alphaEqual)
    }

    @Test("within 1 of ImageCms on RGB and gray (PNG and JPEG inputs), within 2 on CMYK; alpha kept",
          arguments: [("adobe-rgb.png", "adobe-rgb-srgb.png", 1), ("display-p3.png", "display-p3-srgb.png", 1),
                      ("prophoto.png", "prophoto-srgb.png", 1), ("adobe-rgb-alpha.png", "adobe-rgb-alpha-srgb.png", 1),
                      ("display-p3.jpg", "display-p3-jpg-srgb.png", 1), ("gray-22.png", "gray-22-srgb.png", 1),
                      ("cmyk-lut.jpg", "cmyk-lut-srgb.png", 2), ("cmyk-lut.tif", "cmyk-lut-tif-srgb.png", 2)])
    func matchesImageCms(input: String, expected: String, tolerance: Int) throws {
        let result = try Self.converted(input)
        let pillow = try ImageDecoder.decode(data: Self.bytes(expected), source: expected).image
        try #require(result.width == pillow.width && result.height == pillow.height)
        let difference = Self.compare(result, pillow)
        #expect(difference.maximum <= tolerance, "\(input): off by up to \(difference.maximum)")
        #expect(difference.alphaEqual, "\(input): alpha changed")
        // The conversion did something: the unconverted pixels are far from Pillow's.
        let plain = try ImageDecoder.decode(data: Self.bytes(input), source: input, options: DecodeOptions()).image
        #expect(Self.compare(plain, pillow).maximum > 8, "\(input): the fixture does not test a conversion")
    }

    @Test("a CMYK JPEG or TIFF with a CMYK profile is converted at decode and then carries no profile; without --icc srgb it keeps Pillow's formula and its profile",
          arguments: ["cmyk-lut.jpg", "cmyk-lut.tif"])
    func cmykAtDecode(input: String) throws {
        let jpeg = try Self.bytes(input)
        let converted = try ImageDecoder.decode(data: jpeg, source: "cmyk", options: Self.srgbDecoding)
        #expect(converted.metadata.iccProfile == nil)
        var keeping = DecodeOptions()
        keeping.readsICCProfile = true
        let kept = try ImageDecoder.decode(data: jpeg, source: "cmyk", options: keeping)
        #expect(kept.metadata.iccProfile == (try Self.bytes("cmyk-lut.icc")))
        #expect(Self.compare(kept.image, converted.image).maximum > 8)
        #expect(!converted.image.hasTransparency)
    }

    @Test("no profile: the step hands the image on unchanged")
    func noProfile() throws {
        let image = try ImageDecoder.decode(data: Self.bytes("adobe-rgb.png"), source: "a", options: DecodeOptions()).image
        let out = try ConvertToSRGBImageOperation(backend: CPUBackend()).execute(.host(image))
        #expect(try out.hostImage() == image)
    }

    @Test("profiles lcms2 cannot use fail with what is wrong: Lab, unreadable bytes, CMYK or gray on an RGB image")
    func refused() throws {
        let image = try ImageDecoder.decode(data: Self.bytes("adobe-rgb.png"), source: "a", options: DecodeOptions()).image
        let cases: [([UInt8], ColourProfileError)] = [
            (try Self.bytes("lab.icc"), .unsupportedColourSpace("Lab ")),
            (Array(repeating: 0x41, count: 200), .unreadable),
            (try Self.bytes("cmyk-lut.icc"), .doesNotMatchImage("CMYK")),
            (try Self.bytes("gray-22.icc"), .doesNotMatchImage("GRAY")),
        ]
        for (profile, expected) in cases {
            #expect(throws: expected) {
                try ConvertToSRGBImageOperation(backend: CPUBackend()).execute(.host(image, metadata: ImageMetadata(iccProfile: profile)))
            }
        }
        #expect(ColourProfileError.unsupportedColourSpace("Lab ").description
            == "ICC profile colour space 'Lab ' cannot be converted to sRGB (--icc keep or strip writes the image unconverted)")
    }

    @Test("a damaged CMYK profile fails the decode with the codec's error")
    func damagedCMYKProfile() throws {
        var jpeg = try Self.bytes("cmyk-lut.jpg")
        // The profile's tag count (bytes 128–131) made absurd: lcms2 refuses the profile.
        let tag = Array("ICC_PROFILE".utf8) + [0]
        let start = try #require((0..<(jpeg.count - tag.count)).first { jpeg[$0..<($0 + tag.count)].elementsEqual(tag) }) + 14
        for i in 128..<132 { jpeg[start + i] = 0xFF }
        #expect(throws: ImageCodecError(source: "cut", reason: .colourProfile(.unreadable))) {
            try ImageDecoder.decode(data: jpeg, source: "cut", options: Self.srgbDecoding)
        }
    }

    @Test("the transform is made once per distinct profile")
    func cached() throws {
        let a = try ColourTransform.toSRGB(from: Self.bytes("adobe-rgb.icc"))
        let b = try ColourTransform.toSRGB(from: Self.bytes("adobe-rgb.icc"))
        let p3 = try ColourTransform.toSRGB(from: Self.bytes("display-p3.icc"))
        #expect(a === b)
        #expect(a !== p3)
    }

    @Test("the pipeline converts after the scale, before effects and the glitch: CPU and OpenCL give the same bytes",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"),
          arguments: ["adobe-rgb-alpha.png", "prophoto.png", "display-p3.jpg", "gray-22.png", "cmyk-lut.jpg", "cmyk-lut.tif"])
    func bothBackends(input: String) throws {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 24)!]
        settings.convertsToSRGB = true
        settings.keep.remove(.icc)
        settings.effects = [.sepia(SepiaKernel())]
        let pipeline = ThumbnailPipeline(settings: settings)
        let decoded = try ImageDecoder.decode(data: Self.bytes(input), source: input, options: pipeline.decodeOptions)
        let device = try OpenCLTestDevice.backend()
        let before = device.transfers.snapshot
        let onDevice = try pipeline.render(ImageContainer(decoded), on: device)
        let after = device.transfers.snapshot
        let onCPU = try pipeline.render(ImageContainer(decoded), on: CPUBackend())
        #expect(onDevice == onCPU, "\(input)")
        // The host conversion in a device chain: one more download and upload, when there is a profile.
        let roundTrips = decoded.metadata.iccProfile == nil ? 1 : 2
        #expect(after.uploads - before.uploads == roundTrips && after.downloads - before.downloads == roundTrips)
        // The step is there: without it the result differs.
        settings.convertsToSRGB = false
        let unconverted = try ThumbnailPipeline(settings: settings).render(ImageContainer(decoded), on: CPUBackend())
        #expect(unconverted != onCPU || decoded.metadata.iccProfile == nil, "\(input)")
    }
}
