import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--icc srgb` through the binary: each image converted from its profile after the scale (the
/// same bytes as the library's transform applied to the `--icc strip` thumbnail), CMYK through
/// its profile at decode, no profile in the output, the same bytes on the CPU and OpenCL, a
/// profile lcms2 cannot use failing its image alone, the choice in the report.
@Suite("--icc srgb")
struct ICCSRGBTests {
    static let fixtures = RepositoryPaths.fixtures.appendingPathComponent("srgb")
    static let rgbInputs = ["adobe-rgb-alpha.png", "display-p3.jpg", "prophoto.png", "gray-22.png"]

    static func copyInputs(_ names: [String], into folder: TemporaryFolder) throws {
        for name in names {
            try folder.write(try Data(contentsOf: fixtures.appendingPathComponent(name)), to: "in/\(name)")
        }
    }

    static func outputName(_ input: String) -> String { (input as NSString).deletingPathExtension + ".png" }

    @Test("the thumbnail converted from its profile, after the scale: the library's transform of the --icc strip thumbnail, no profile written")
    func convertsAfterTheScale() throws {
        let folder = try TemporaryFolder()
        try Self.copyInputs(Self.rgbInputs, into: folder)
        let common = ["--format", "png", "--size", "16", "--no-glitch", "--device", "cpu"]
        let srgb = try CommandRunner(in: folder.url).run(["process", "in", "--output", "srgb", "--icc", "srgb"] + common)
        #expect(srgb.status == 0, "\(srgb)")
        let strip = try CommandRunner(in: folder.url).run(["process", "in", "--output", "strip", "--icc", "strip"] + common)
        #expect(strip.status == 0, "\(strip)")
        for input in Self.rgbInputs {
            let name = Self.outputName(input)
            let converted = [UInt8](try folder.contents("srgb/\(name)"))
            #expect(ICCProfile.read(from: converted) == nil, "\(input)")
            let profile = try #require(ICCProfile.read(from: [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(input)))))
            var expected = try ImageDecoder.decode(data: [UInt8](try folder.contents("strip/\(name)")), source: name).image
            let unconverted = expected
            try ColourTransform.toSRGB(from: profile).apply(to: &expected)
            let written = try ImageDecoder.decode(data: converted, source: name).image
            #expect(written == expected, "\(input)")
            #expect(written != unconverted, "\(input)")
        }
    }

    @Test("a CMYK JPEG goes through its CMYK profile at decode: the library pipeline's bytes, not Pillow's formula")
    func cmykThroughItsProfile() throws {
        let folder = try TemporaryFolder()
        try Self.copyInputs(["cmyk-lut.jpg"], into: folder)
        let common = ["--format", "png", "--size", "16", "--no-glitch", "--device", "cpu"]
        let srgb = try CommandRunner(in: folder.url).run(["process", "in", "--output", "srgb", "--icc", "srgb"] + common)
        #expect(srgb.status == 0, "\(srgb)")
        let strip = try CommandRunner(in: folder.url).run(["process", "in", "--output", "strip", "--icc", "strip"] + common)
        #expect(strip.status == 0, "\(strip)")
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 16)!]
        settings.glitch = nil
        settings.keep.remove(.icc)
        settings.convertsToSRGB = true
        let pipeline = ThumbnailPipeline(settings: settings)
        let decoded = try ImageDecoder.decode(data: [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("cmyk-lut.jpg"))),
                                              source: "cmyk", options: pipeline.decodeOptions)
        let expected = try pipeline.render(ImageContainer(decoded), on: CPUBackend())[0]
        let converted = [UInt8](try folder.contents("srgb/cmyk-lut.png"))
        #expect(ICCProfile.read(from: converted) == nil)
        #expect(try ImageDecoder.decode(data: converted, source: "srgb").image == expected)
        #expect(try ImageDecoder.decode(data: [UInt8](try folder.contents("strip/cmyk-lut.png")), source: "strip").image != expected)
    }

    @Test("OpenCL and the CPU write the same bytes, with effects and the glitch after the conversion; the report says srgb",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"))
    func sameBytesOnBothBackends() throws {
        let folder = try TemporaryFolder()
        try Self.copyInputs(Self.rgbInputs + ["cmyk-lut.jpg"], into: folder)
        for device in ["cpu", "opencl"] {
            let r = try CommandRunner(in: folder.url).run(["process", "in", "--output", device, "--icc", "srgb", "--format", "png",
                                                           "--size", "24", "--effect", "sepia", "--device", device,
                                                           "--report", "\(device).json"])
            #expect(r.status == 0, "\(r)")
        }
        for input in Self.rgbInputs + ["cmyk-lut.jpg"] {
            let name = Self.outputName(input)
            #expect(try folder.contents("cpu/\(name)") == folder.contents("opencl/\(name)"), "\(input)")
        }
        let report = try JSONSerialization.jsonObject(with: folder.contents("opencl.json")) as! [String: Any]
        #expect((report["settings"] as! [String: Any])["icc"] as? String == "srgb")
    }

    @Test("a profile lcms2 cannot convert (Lab) fails that image alone, with one line saying what to do")
    func refusedProfileFailsAlone() throws {
        let folder = try TemporaryFolder()
        try Self.copyInputs(["lab-profile.png", "prophoto.png"], into: folder)
        let r = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--icc", "srgb", "--size", "8",
                                                       "--device", "cpu"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stderrLines.count == 2, "one failure and the summary\n\(r)")
        #expect(r.stderrLines.contains {
            $0.hasSuffix("lab-profile.png: ICC profile colour space 'Lab ' cannot be converted to sRGB (--icc keep or strip writes the image unconverted)")
        }, "\(r)")
        #expect(folder.files(under: "out") == ["prophoto.png"])
    }
}
