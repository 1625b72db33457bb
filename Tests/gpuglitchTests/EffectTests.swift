import Foundation
import GPUOps
import Testing
import TestSupport

/// `--effect` and `verify` through the binary.
@Suite("Effects and verify")
struct EffectTests {
    static let effectFixtures = RepositoryPaths.root.appendingPathComponent("Tests/ImageEffectsTests/Fixtures/cases.json")

    /// Pillow 13.0.0's SHA-256 of a fixture case's bytes (mode RGB).
    static func pillowDigest(_ name: String) throws -> String {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: effectFixtures)) as! [String: Any]
        let cases = json["cases"] as! [[String: Any]]
        return try #require(cases.first { $0["name"] as? String == name }?["sha256"] as? String)
    }

    static func rgbDigest(of png: Data) throws -> String {
        let image = try ImageDecoder.decode(data: [UInt8](png), source: "output").image
        var rgb = [UInt8]()
        for i in stride(from: 0, to: image.pixels.count, by: 4) { rgb += image.pixels[i..<i + 3] }
        return SHA256.hex(rgb)
    }

    @Test("sepia then tilt-shift on a real photo equals Pillow 13's resize + colorize + GaussianBlur + composite",
          arguments: ["cpu", "opencl"])
    func effectsEqualPillow(device: String) throws {
        if device == "opencl" && !OpenCLTestEnvironment.isAvailable { return }
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png")), to: "in/coffee.png")
        // contain 150 turns the 600x400 photo into exactly Pillow's resize((150, 100), LANCZOS).
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "--output", "out", "--size", "150", "--fit", "contain", "--no-glitch",
            "--effect", "sepia", "--effect", "tilt-shift", "--device", device, "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.rgbDigest(of: folder.contents("out/coffee.png")) == Self.pillowDigest("coffee-sepia-then-tilt-shift"))
        let report = try JSONSerialization.jsonObject(with: folder.contents("r.json")) as! [String: Any]
        let settings = report["settings"] as! [String: Any]
        #expect(settings["effects"] as? [String] == [
            "sepia:black=#1f1209,mid=#8c6239,white=#f5e6c8",
            "tilt-shift:radius=6,centre=0.5,band=0.3,fade=0.2",
        ])
    }

    @Test("non-default parameters reach the kernels: tilt-shift with fade=0 equals Pillow")
    func nonDefaultParameters() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("chelsea.png")), to: "in/chelsea.png")
        // 451x300 → contain 135 is 135x90, Pillow's resize((135, 90)).
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "--output", "out", "--size", "135", "--fit", "contain", "--no-glitch",
            "--effect", "tilt-shift:radius=2.5,centre=0.3,band=0.1,fade=0", "--device", "cpu",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.rgbDigest(of: folder.contents("out/chelsea.png")) == Self.pillowDigest("chelsea-tilt-fade0"))
    }

    @Test("sharpen after the thumbnail equals Pillow 13's resize + UnsharpMask, and the report spells out its parameters",
          arguments: ["cpu", "opencl"])
    func sharpenEqualsPillow(device: String) throws {
        if device == "opencl" && !OpenCLTestEnvironment.isAvailable { return }
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png")), to: "in/coffee.png")
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "--output", "out", "--size", "150", "--fit", "contain", "--no-glitch",
            "--effect", "sharpen:radius=10,percent=300,threshold=2", "--device", device, "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try Self.rgbDigest(of: folder.contents("out/coffee.png")) == Self.pillowDigest("coffee-sharpen-radius10"))
        let report = try JSONSerialization.jsonObject(with: folder.contents("r.json")) as! [String: Any]
        let settings = report["settings"] as! [String: Any]
        #expect(settings["effects"] as? [String] == ["sharpen:radius=10,percent=300,threshold=2"])
    }

    @Test("a bad --effect value is a usage error naming the key", arguments: [
        ("tilt-shift:radius=-1", "radius"),
        ("tilt-shift:fade=x", "fade"),
        ("tilt-shift:blur=3", "blur"),
        ("sepia:mid=#12345", "mid"),
        ("sepia:black=#000000,black=#ffffff", "black"),
        ("posterize", "posterize"),
        ("sharpen:radius=-1", "radius"),
        ("sharpen:percent=1.5", "percent"),
        ("sharpen:threshold=256", "threshold"),
    ])
    func badEffect(spec: String, key: String) throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url).run(["process", "x.png", "--output", "out", "--effect", spec])
        #expect(result.status == 2, "\(result)")
        let line = try #require(result.stderrLines.first { $0.contains("--effect") })
        #expect(line.contains(key), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("verify --device opencl: every sample identical, exit 0",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device"))
    func verifyIdentical() throws {
        let result = try CommandRunner(in: RepositoryPaths.root).run([
            "verify", "samples", "--device", "opencl", "--effect", "sepia", "--effect", "tilt-shift",
        ])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines.filter { $0.hasPrefix("samples/") }
        #expect(lines.count == 8 && lines.allSatisfy { $0.hasSuffix(": identical") }, "\(result)")
    }

    @Test("verify reports the first differing pixel with both values and exits 1 when the device is off by one bit",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device"))
    func verifyReportsADifference() throws {
        // Byte 6 is the blue of pixel (1, 0): the line must name (1, 0) and values one apart.
        let runner = CommandRunner(in: RepositoryPaths.root, environment: ["GPUGLITCH_VERIFY_INJECT_FAULT": "6"])
        let result = try runner.run(["verify", "samples/coffee.png", "--device", "opencl", "--size", "64"])
        #expect(result.status == 1, "\(result)")
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix("samples/coffee.png: first difference at (1, 0): rgba("), "\(line)")
        let values = line.split(separator: "rgba(").dropFirst().map { $0.prefix { $0 != ")" }.split(separator: ", ").map { Int($0)! } }
        #expect(values.count == 2 && values[0][2] ^ 1 == values[1][2] && values[0][0] == values[1][0], "\(line)")
    }

    @Test("verify refuses the CPU backend as the device under test (exit 3)")
    func verifyNeedsADevice() throws {
        let result = try CommandRunner(in: RepositoryPaths.root).run(["verify", "samples/coffee.png", "--device", "cpu"])
        #expect(result.status == 3, "\(result)")
    }
}
