import Foundation
import ImageCodecs
import Testing
import TestSupport

/// Transparent inputs through the binary: a JPEG output is flattened onto `--background`
/// (black by default), byte for byte the JPEG Pillow 13.0.0 writes of
/// `Image.alpha_composite(Image.new("RGBA", size, bg), im)`; `--flatten` does it for PNG; a PNG
/// without it keeps alpha; the report records the background and the flag
/// (scripts/fixtures/make_flatten_fixtures.py).
@Suite("--flatten and --background")
struct FlattenOptionTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/ImageEffectsTests/Fixtures/flatten")

    static func run(_ folder: TemporaryFolder, _ output: String, _ extra: [String]) throws -> [UInt8] {
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", output, "--size", "64",
                                                            "--fit", "contain", "--no-glitch", "--device", "cpu"] + extra)
        #expect(result.status == 0, "\(result)")
        let name = extra.contains("jpeg") ? "input.jpg" : "input.png"
        return [UInt8](try folder.contents("\(output)/\(name)"))
    }

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: fixtures.appendingPathComponent("input.png")), to: "in/input.png")
        return folder
    }

    @Test("JPEG output: Pillow's composite onto --background, and onto black without it, byte for byte",
          arguments: [("3c8dbc", ["--background", "#3c8dbc"]), ("000000", [])])
    func jpeg(_ hex: String, _ options: [String]) throws {
        let folder = try Self.folder()
        let written = try Self.run(folder, "out", ["--format", "jpeg"] + options)
        #expect(written == [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("\(hex)-q90.jpg"))))
    }

    @Test("PNG output keeps alpha, and with --flatten is Pillow's composite; the report says so")
    func png() throws {
        let folder = try Self.folder()
        let kept = try ImageDecoder.decode(data: try Self.run(folder, "kept", ["--format", "png"]), source: "kept").image
        #expect(kept.hasTransparency)
        let flattened = try Self.run(folder, "flat", ["--format", "png", "--flatten", "--background", "#3c8dbc",
                                                       "--report", "report.json"])
        let image = try ImageDecoder.decode(data: flattened, source: "flat").image
        #expect(image.pixels == [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("3c8dbc.rgba"))))
        let report = try JSONSerialization.jsonObject(with: try folder.contents("report.json")) as! [String: Any]
        let settings = report["settings"] as! [String: Any]
        #expect(settings["background"] as? String == "#3c8dbc" && settings["flatten"] as? Bool == true)
    }
}
