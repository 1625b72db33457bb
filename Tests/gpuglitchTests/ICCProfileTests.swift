import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--icc keep|strip` through the binary: the output carries the input's profile byte for byte
/// (the references were written by Pillow, scripts/fixtures/make_icc_fixtures.py), in either
/// output format, and the pixels do not change.
@Suite("ICC profiles")
struct ICCProfileTests {
    static let fixtures = RepositoryPaths.fixtures.appendingPathComponent("icc")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test("kept by default: PNG (iCCP) and JPEG (two APP2 segments) profiles reach PNG and JPEG outputs unchanged",
          arguments: [("srgb-profile.png", "srgb.icc"), ("two-segment-profile.jpg", "two-segment.icc")])
    func kept(input: String, profile: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(Data(try Self.bytes(input)), to: "in/\(input)")
        let expected = try Self.bytes(profile)
        for format in ["png", "jpeg"] {
            let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", format, "--format", format,
                                                                "--size", "16", "--device", "cpu"])
            #expect(result.status == 0, "\(result)")
            let name = (input as NSString).deletingPathExtension + (format == "png" ? ".png" : ".jpg")
            let written = [UInt8](try folder.contents("\(format)/\(name)"))
            #expect(ICCProfile.read(from: written) == expected, "\(input) -> \(format)")
            let stripped = try CommandRunner(in: folder.url).run(["process", "in", "--output", "\(format)-strip", "--format",
                                                                  format, "--size", "16", "--device", "cpu", "--icc", "strip"])
            #expect(stripped.status == 0, "\(stripped)")
            let plain = [UInt8](try folder.contents("\(format)-strip/\(name)"))
            #expect(ICCProfile.read(from: plain) == nil)
            #expect(try ImageDecoder.decode(data: written, source: "kept").image == ImageDecoder.decode(data: plain, source: "strip").image,
                    "the profile changes no pixel")
        }
    }

    @Test("ICCProfile reads the Pillow-written profiles themselves")
    func reads() throws {
        #expect(ICCProfile.read(from: try Self.bytes("srgb-profile.png")) == (try Self.bytes("srgb.icc")))
        #expect(ICCProfile.read(from: try Self.bytes("two-segment-profile.jpg")) == (try Self.bytes("two-segment.icc")))
        #expect(ICCProfile.read(from: [UInt8](try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png")))) == nil)
    }
}
