import Foundation
import GPUOps
import Testing
import TestSupport

/// `--report FILE.jsonl`: one line per input as it ends, then a totals line; a `kill -9`
/// leaves a file that names every output on disk but the few in flight.
@Suite("JSON Lines report")
struct JSONLinesReportTests {
    static func lines(_ data: Data) throws -> [[String: Any]] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("every input is one line with the keys of the JSON report's images, then one totals line")
    func linesAndTotals() throws {
        let folder = try TemporaryFolder()
        for i in 0..<3 { try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: UInt64(i)), to: "in/p\(i).png") }
        try folder.write(Data("not a png".utf8), to: "in/bad.png")
        let arguments = ["process", "in", "--output", "out", "--size", "16", "--device", "cpu", "--report"]
        let result = try CommandRunner(in: folder.url).run(arguments + ["r.jsonl"])
        #expect(result.status == 1, "\(result)")
        let lines = try Self.lines(folder.contents("r.jsonl"))
        #expect(lines.count == 5)
        let images = lines.dropLast()
        #expect(Set(images.compactMap { $0["input"] as? String }) == ["in/p0.png", "in/p1.png", "in/p2.png", "in/bad.png"])
        #expect(images.filter { $0["status"] as? String == "ok" }.count == 3)
        let bad = try #require(images.first { $0["input"] as? String == "in/bad.png" })
        #expect(bad["status"] as? String == "failed" && (bad["error"] as? String)?.hasPrefix("in/bad.png: ") == true)
        let totals = try #require(lines.last?["totals"] as? [String: Any])
        #expect(totals["ok"] as? Int == 3 && totals["failed"] as? Int == 1)
        #expect(lines.last?["device"] as? String == "cpu")
        // The same keys as the .json report's entries.
        _ = try CommandRunner(in: folder.url).run(arguments + ["r.json"])
        let json = try #require(JSONSerialization.jsonObject(with: folder.contents("r.json")) as? [String: Any])
        let entries = try #require(json["images"] as? [[String: Any]])
        let ok = try #require(entries.first { $0["status"] as? String == "ok" })
        let okLine = try #require(images.first { $0["status"] as? String == "ok" })
        #expect(Set(ok.keys) == Set(okLine.keys))
    }

    @Test("kill -9 mid-run: every line is whole, every ok line's output exists, and at most the images waiting for their folder's flush are on disk without a line")
    func killNine() throws {
        let folder = try TemporaryFolder()
        let count = 60
        for i in 0..<count {
            try folder.write(ImageFiles.noisePNG(width: 700, height: 500, seed: UInt64(i)), to: "in/p\(String(format: "%02d", i)).png")
        }
        let running = try CommandRunner(in: folder.url).start([
            "process", "in", "--output", "out", "--size", "64", "--device", "cpu", "--jobs", "1",
            "--format", "png", "--report", "r.jsonl",
        ])
        // Wait (polling the file, bounded) until a few images are recorded, then kill.
        let deadline = Date().addingTimeInterval(120)
        var recorded = 0
        while Date() < deadline {
            recorded = (try? folder.contents("r.jsonl")).map { $0.count { $0 == UInt8(ascii: "\n") } } ?? 0
            if recorded >= 5 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        running.signal(SIGKILL)
        _ = running.wait()
        #expect(recorded >= 5)
        let data = try folder.contents("r.jsonl")
        #expect(data.last == UInt8(ascii: "\n"), "no half-written line")
        let lines = try Self.lines(data)
        #expect(!lines.contains { $0["totals"] != nil }, "killed before the end: no totals line")
        let okOutputs = Set(lines.filter { $0["status"] as? String == "ok" }.compactMap { $0["output"] as? String })
        let onDisk = Set(folder.files(under: "out").filter { $0.hasSuffix(".png") }.map { "out/" + $0 })
        #expect(okOutputs.isSubset(of: onDisk), "every ok line names a file on disk")
        // An output renamed into place gets its line once a flush of its folder follows, made for
        // up to 32 images at a time (docs/CLI.md): only those may be on disk without a line.
        #expect(onDisk.subtracting(okOutputs).count <= 32, "only the images waiting for their folder's flush lack a line: \(onDisk.subtracting(okOutputs))")
        #expect(okOutputs.count < count, "the kill came before the end")
        for output in okOutputs {
            #expect(ImageFiles.isCompletePNG(try folder.contents(output)), "\(output) is whole")
        }
    }
    @Test("report merge reads .jsonl shards a line at a time and writes .jsonl or .json; a shard without its totals line is refused")
    func mergeJSONLinesShards() throws {
        let folder = try TemporaryFolder()
        for i in 0..<7 { try folder.write(ImageFiles.noisePNG(width: 30 + i, height: 20, seed: UInt64(i)), to: "in/\(i).png") }
        let runner = CommandRunner(in: folder.url)
        for k in 1...3 {
            let result = try runner.run(["process", "in", "--output", "out", "--size", "16", "--device", "cpu",
                                         "--shard", "\(k)/3", "--report", k == 3 ? "s3.json" : "s\(k).jsonl"])
            #expect(result.status == 0, "\(result)")
        }
        let shards = ["s1.jsonl", "s2.jsonl", "s3.json"]
        let toLines = try runner.run(["report", "merge", "--output", "all.jsonl"] + shards)
        #expect(toLines.status == 0, "\(toLines)")
        let lines = try Self.lines(folder.contents("all.jsonl"))
        #expect(lines.count == 8)
        #expect(Set(lines.dropLast().compactMap { $0["input"] as? String }) == Set((0..<7).map { "in/\($0).png" }))
        let totals = try #require(lines.last?["totals"] as? [String: Any])
        #expect(totals["ok"] as? Int == 7 && lines.last?["shard"] == nil)

        let toDocument = try runner.run(["report", "merge", "--output", "all.json"] + shards)
        #expect(toDocument.status == 0, "\(toDocument)")
        let json = try #require(JSONSerialization.jsonObject(with: folder.contents("all.json")) as? [String: Any])
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.compactMap { $0["input"] as? String } == lines.dropLast().compactMap { $0["input"] as? String },
                "the same records in the same order")
        #expect((json["totals"] as? [String: Any])?["ok"] as? Int == 7)

        // A shard killed before its end has no totals line.
        let cut = try folder.contents("s1.jsonl").split(separator: UInt8(ascii: "\n")).dropLast()
            .map { Data($0) + Data("\n".utf8) }.reduce(Data(), +)
        try folder.write(cut, to: "cut.jsonl")
        let refused = try runner.run(["report", "merge", "--output", "x.json", "cut.jsonl", "s2.jsonl"])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("cut.jsonl has no totals line"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.json")))
    }
}
