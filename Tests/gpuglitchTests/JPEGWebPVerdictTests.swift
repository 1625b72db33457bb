import Foundation
import GPUOps
import Testing
import TestSupport

/// Cut-off JPEGs and animated WebPs through the binary (fixtures and Pillow 13.0.0's verdicts:
/// scripts/fixtures/make_jpeg_webp_verdict_fixtures.py): the report's status for each input is
/// Pillow's verdict, a refusal is one line naming the input, and what Pillow reads is written
/// with Pillow's RGBA.
@Suite("Cut-off JPEGs and animated WebPs, end to end")
struct JPEGWebPVerdictEndToEndTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/jpeg-webp-verdicts")

    typealias Case = PillowVerdictFixture

    @Test("each input gets Pillow's verdict in the report, under --fail-on error and warning",
          arguments: ["error", "warning"])
    func verdicts(_ failOn: String) throws {
        let cases: [Case] = try FixtureManifest.cases(in: Self.fixtures)
        let folder = try TemporaryFolder()
        var inputs: [String] = []
        for c in cases {
            inputs.append(try folder.write(try Data(contentsOf: Self.fixtures.appendingPathComponent(c.file)), to: "in/\(c.file)"))
        }
        let r = try CommandRunner(in: folder.url).run(["process"] + inputs + [
            "--output", "out", "--format", "png", "--no-glitch", "--size", "65535", "--fit", "contain", "--no-enlarge",
            "--fail-on", failOn, "--report", "report.json", "--device", "cpu",
        ])
        #expect(r.status == 1, "some inputs fail\n\(r)")
        let report = try #require(try JSONSerialization.jsonObject(with: folder.contents("report.json")) as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        for c in cases {
            let entry = try #require(images.first { ($0["input"] as? String)?.hasSuffix("/\(c.file)") == true }, "\(c.file)")
            let status = entry["status"] as? String
            // --fail-on warning also refuses the cut JPEGs that Pillow reads (libjpeg warns).
            let refused = c.pillow != "read" || (failOn == "warning" && c.file.hasSuffix(".jpg"))
            if refused {
                #expect(status == "failed", "\(c.file): \(entry)")
                let line = "in/\(c.file): truncated: the data ends before the image is complete"
                #expect(r.stderrLines.filter { $0.contains(c.file) } .count == 1, "\(c.file)\n\(r)")
                #expect(r.stderrLines.contains { $0.hasSuffix(line) }, "\(c.file)\n\(r)")
            } else {
                #expect(status == "ok", "\(c.file): \(entry)")
                let stem = c.file.split(separator: ".").dropLast().joined(separator: ".")
                let written = try ImageDecoder.decode(data: [UInt8](try folder.contents("out/\(stem).png")), source: stem).image
                #expect(SHA256.hex(written.pixels) == c.rgbaSHA256, "\(c.file)")
            }
        }
    }
}
