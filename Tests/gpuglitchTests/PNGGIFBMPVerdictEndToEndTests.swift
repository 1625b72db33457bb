import Foundation
import GPUOps
import Testing
import TestSupport

/// Issue 31's PNG, GIF and BMP files (Tests/ImageCodecsTests/Fixtures/format-verdicts) through
/// the built binary in one batch, at full size without effects: each input's line in the JSON
/// Lines report is Pillow 13.0.0's verdict ("ok", or "failed" with Pillow's reason), and each
/// written file holds Pillow's pixels (RGB exact, alpha within 1).
@Suite("PNG, GIF and BMP verdicts end to end")
struct PNGGIFBMPVerdictEndToEndTests {
    typealias Case = PillowVerdictFixture

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/format-verdicts")

    /// The report's text for the reason Pillow gives.
    static func expectedError(forPillow message: String) -> String? {
        if message.hasPrefix("rejected: image file is truncated") || message == "rejected: not enough image data" {
            return "truncated"
        }
        if message == "rejected: invalid palette size" { return "corrupt image data: invalid palette size" }
        return nil
    }

    @Test("every input gets Pillow's verdict and, when read, Pillow's pixels")
    func verdictsThroughTheBinary() throws {
        let cases: [Case] = try FixtureManifest.cases(in: Self.folder)
        let temporary = try TemporaryFolder()
        var inputs: [String] = []
        for c in cases {
            inputs.append(try temporary.write(Data(contentsOf: Self.folder.appendingPathComponent(c.file)), to: "in/\(c.file)"))
        }
        let run = try CommandRunner(in: temporary.url).run(
            ["process"] + inputs + ["--output", "out", "--format", "png", "--no-glitch", "--size", "65535", "--fit",
                                    "contain", "--no-enlarge", "--device", "cpu", "--report", "r.jsonl"])
        let refused = cases.filter { $0.pillow != "ok" }.count
        #expect(run.status == (refused > 0 ? 1 : 0), "\(run)")
        let lines = try String(decoding: temporary.contents("r.jsonl"), as: UTF8.self)
            .split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for c in cases {
            let line = try #require(lines.first { ($0["input"] as? String)?.hasSuffix("/\(c.file)") == true }, "\(c.file)")
            if c.pillow == "ok" {
                #expect(line["status"] as? String == "ok", "\(c.file): \(line)")
                let written = try ImageDecoder.decode(
                    data: [UInt8](temporary.contents("out/\((c.file as NSString).deletingPathExtension).png")),
                    source: c.file).image
                let rgba = [UInt8](try #require(c.rgba.flatMap { Data(base64Encoded: $0) }))
                #expect(written.width == c.width && written.height == c.height, "\(c.file)")
                #expect(written.pixels.count == rgba.count && written.pixels.indices.allSatisfy { i in
                    i % 4 == 3 ? abs(Int(written.pixels[i]) - Int(rgba[i])) <= 1 : written.pixels[i] == rgba[i]
                }, "\(c.file)")
            } else {
                let reason = try #require(Self.expectedError(forPillow: c.pillow), "unmapped: \(c.pillow)")
                #expect(line["status"] as? String == "failed", "\(c.file): \(line)")
                #expect((line["error"] as? String)?.contains("\(c.file): \(reason)") == true, "\(c.file): \(line)")
                #expect(run.stderrLines.filter { $0.contains("\(c.file): ") }.count == 1, "\(c.file)\n\(run)")
            }
        }
        #expect(temporary.files(under: "out").count == cases.count - refused)
    }
}
