import Foundation
import Testing

/// Error lines, the summary line, `--quiet` and the JSON report, on batches where every
/// input is settled before processing (failed discovery, collisions, `--skip-existing`), so
/// no image is decoded.
@Suite("Reporting")
struct ReportingTests {
    private let bytes = Data("not decoded: skipped or failed before processing".utf8)

    private func report(at path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("inputs without images: one line each, the summary, exit 1, all in the report in input order")
    func discoveryFailures() throws {
        let folder = try TemporaryFolder()
        try folder.makeFolder("empty")
        try folder.makeFolder("x.jpg")
        let result = try CommandRunner(in: folder.url).run([
            "process", "missing.png", "empty", "x.jpg", "--output", "out", "--device", "cpu",
            "--report", "reports/run.json", "--shard", "1/1",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLinesWithoutElapsedTime == [
            "gpuglitch: missing.png: No such file or directory",
            "gpuglitch: empty: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images",
            "gpuglitch: x.jpg: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images",
            "gpuglitch: 0 images written, 3 failed, 0 skipped, 0.0 images/s, <t> s, device cpu",
        ])
        #expect(!result.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
        #expect(result.stdout.isEmpty)

        let json = try report(at: folder.path("reports/run.json"))
        #expect(json["device"] as? String == "cpu")
        #expect(json["shard"] as? String == "1/1")
        #expect(json["interrupted"] as? Bool == false)
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.map { $0["input"] as? String } == ["missing.png", "empty", "x.jpg"])
        #expect(images.map { $0["status"] as? String } == ["failed", "failed", "failed"])
        #expect(images.map { $0["error"] as? String } == [
            "missing.png: No such file or directory",
            "empty: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images",
            "x.jpg: folder contains no .png, .jpg, .jpeg, .webp, .tif, .tiff, .gif, .bmp, .avif, .heic, .heif or .jxl images",
        ])
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["ok"] as? Int == 0)
        #expect(totals["failed"] as? Int == 3)
        #expect(totals["skipped"] as? Int == 0)
        let settings = try #require(json["settings"] as? [String: Any])
        #expect(settings["size"] as? Int == 512)
        #expect(settings["filter"] as? String == "lanczos")
        #expect(settings["quality"] as? Int == 90)
        #expect((settings["glitch"] as? [String: Any])?["seed"] as? Int == 0)
        let transfers = try #require(json["transfers"] as? [String: Any])
        #expect(transfers["uploads"] as? Int == 0 && transfers["downloads"] as? Int == 0)
        #expect(folder.files(under: "reports") == ["run.json"], "the report is written atomically, no temporary left")
    }

    @Test("everything already there with --skip-existing: exit 0, nothing processed")
    func allSkipped() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "in/a.png")
        try folder.write(bytes, to: "in/sub/b.jpg")
        try folder.write(bytes, to: "out/a.png")
        try folder.write(bytes, to: "out/sub/b.jpg")
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "--output", "out", "--skip-existing", "--device", "cpu", "--report", "r.json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLinesWithoutElapsedTime == [
            "gpuglitch: 0 images written, 0 failed, 2 skipped, 0.0 images/s, <t> s, device cpu",
        ])
        let json = try report(at: folder.path("r.json"))
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.map { $0["status"] as? String } == ["skipped", "skipped"])
        #expect(images.map { $0["output"] as? String } == ["out/a.png", "out/sub/b.jpg"])
        #expect(json["shard"] == nil)
        #expect(try folder.contents("out/a.png") == bytes, "skipped outputs are left alone")
    }

    @Test("--quiet keeps only the error lines")
    func quiet() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "in/a.png")
        try folder.write(bytes, to: "out/a.png")
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "nothing-here", "--output", "out", "--skip-existing", "--quiet",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == ["gpuglitch: nothing-here: No such file or directory"])
    }

    @Test("a report that cannot be written is an error line and exit 1")
    func unwritableReport() throws {
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "blocker")
        try folder.write(bytes, to: "in/a.png")
        try folder.write(bytes, to: "out/a.png")
        let result = try CommandRunner(in: folder.url).run([
            "process", "in", "--output", "out", "--skip-existing", "--device", "cpu",
            "--report", "blocker/r.json",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.last == "gpuglitch: --report: blocker/r.json: mkdir: Not a directory",
                "\(result)")
    }
}
