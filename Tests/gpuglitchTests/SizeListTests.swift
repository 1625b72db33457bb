import Foundation
import GPUOps
import Testing
import TestSupport

/// `process --size LIST` end to end: default names, templates, collisions (a usage error
/// before anything runs, or a planned failure between inputs), resume with
/// `--skip-existing`, `--dry-run`, the reports and `report merge`.
@Suite("Size lists")
struct SizeListTests {
    static func inputs(_ folder: TemporaryFolder) throws {
        try folder.write(ImageFiles.noisePNG(width: 120, height: 80, seed: 1), to: "in/a.png")
        try folder.write(ImageFiles.gradientJPEG(width: 90, height: 150), to: "in/sub/b.jpg")
    }

    static func size(_ folder: TemporaryFolder, _ path: String) throws -> (Int, Int) {
        let image = try ImageDecoder.decode(contentsOf: folder.path(path)).image
        return (image.width, image.height)
    }

    @Test("several sizes: one output an entry, {dir}/{stem}_{size}.{ext}, each the entry's size")
    func defaultNames() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "64,48x32,20x60",
                                                            "--device", "cpu", "--no-glitch"])
        #expect(result.status == 0, "\(result)")
        #expect(folder.files(under: "out").sorted() == ["a_20x60.png", "a_48x32.png", "a_64.png",
                                                        "sub/b_20x60.jpg", "sub/b_48x32.jpg", "sub/b_64.jpg"])
        #expect(try Self.size(folder, "out/a_64.png") == (64, 64))
        #expect(try Self.size(folder, "out/a_48x32.png") == (48, 32))
        #expect(try Self.size(folder, "out/sub/b_20x60.jpg") == (20, 60))
    }

    @Test("one entry keeps the names of before; a box and contain; --no-enlarge keeps a small picture's size")
    func singleEntryAndNoEnlarge() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let box = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "60x60",
                                                         "--fit", "contain", "--device", "cpu"])
        #expect(box.status == 0, "\(box)")
        #expect(folder.files(under: "out").sorted() == ["a.png", "sub/b.jpg"])
        #expect(try Self.size(folder, "out/a.png") == (60, 40))
        #expect(try Self.size(folder, "out/sub/b.jpg") == (36, 60))
        let kept = try CommandRunner(in: folder.url).run(["process", "in/a.png", "--output", "big", "--size", "1000,100x30",
                                                          "--no-enlarge", "--device", "cpu"])
        #expect(kept.status == 0, "\(kept)")
        // 1000 would enlarge: cover scales by 1 and cuts at most the box; 100x30 shrinks (width matches).
        #expect(try Self.size(folder, "big/a_1000.png") == (120, 80))
        #expect(try Self.size(folder, "big/a_100x30.png") == (100, 30))
    }

    @Test("templates: {size} folders, {dir} dropped with its slash at the top, {ext} of --format")
    func templates() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "32,16x8",
                                                            "--output-template", "{size}/{dir}/tn_{stem}.{ext}",
                                                            "--format", "webp", "--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        #expect(folder.files(under: "out").sorted() == ["16x8/sub/tn_b.webp", "16x8/tn_a.webp",
                                                        "32/sub/tn_b.webp", "32/tn_a.webp"])
    }

    @Test("a template sending two outputs of one input to one path: exit 2 before anything runs, nothing written")
    func templateCollisionIsUsage() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "32,16",
                                                            "--output-template", "{dir}/{stem}.{ext}", "--device", "cpu",
                                                            "--report", "r.json"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(
            "Error: --output-template: '{dir}/{stem}.{ext}' has no {size}, so the 2 outputs of each input would go to one path"),
            "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.json")))
    }

    @Test("two inputs whose outputs meet: the later fails naming the output and its owner, the earlier is written")
    func collisionBetweenInputs() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "32,16",
                                                            "--output-template", "{size}.png", "--format", "png",
                                                            "--device", "cpu", "--dry-run"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdoutLines == [
            "write\tin/a.png\tout/32.png",
            "write\tin/a.png\tout/16.png",
            "fail\tin/sub/b.jpg\tin/sub/b.jpg: output 'out/32.png' is already the output of 'in/a.png'",
        ])
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("resume: --skip-existing skips inputs with every output, remakes one with an output missing, the same bytes")
    func resume() throws {
        let folder = try TemporaryFolder()
        try Self.inputs(folder)
        let arguments = ["process", "in", "--output", "out", "--size", "32,16x24", "--device", "cpu"]
        #expect(try CommandRunner(in: folder.url).run(arguments).status == 0)
        let before = try folder.contents("out/sub/b_16x24.jpg")
        try FileManager.default.removeItem(atPath: folder.path("out/sub/b_16x24.jpg"))
        let dry = try CommandRunner(in: folder.url).run(arguments + ["--skip-existing", "--dry-run"])
        #expect(dry.stdoutLines == [
            "skip\tin/a.png\tout/a_32.png",
            "skip\tin/a.png\tout/a_16x24.png",
            "write\tin/sub/b.jpg\tout/sub/b_32.jpg",
            "write\tin/sub/b.jpg\tout/sub/b_16x24.jpg",
        ], "\(dry)")
        let resumed = try CommandRunner(in: folder.url).run(arguments + ["--skip-existing", "--report", "r.jsonl"])
        #expect(resumed.status == 0, "\(resumed)")
        #expect(try folder.contents("out/sub/b_16x24.jpg") == before)
        let lines = try JSONLinesReportTests.lines(folder.contents("r.jsonl"))
        let a = try #require(lines.first { $0["input"] as? String == "in/a.png" })
        let b = try #require(lines.first { $0["input"] as? String == "in/sub/b.jpg" })
        #expect(a["status"] as? String == "skipped" && b["status"] as? String == "ok")
        let outputs = try #require(b["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["path"] as? String } == ["out/sub/b_32.jpg", "out/sub/b_16x24.jpg"])
        #expect(outputs.map { $0["size"] as? String } == ["32", "16x24"])
        #expect(outputs.map { $0["width"] as? Int } == [32, 16] && outputs.map { $0["height"] as? Int } == [32, 24])
        #expect(b["output"] == nil)
        let skippedOutputs = try #require(a["outputs"] as? [[String: Any]])
        #expect(skippedOutputs.map { $0["path"] as? String } == ["out/a_32.png", "out/a_16x24.png"])
        #expect(skippedOutputs.allSatisfy { $0["width"] == nil })
    }

    @Test("shards split inputs with all their outputs; report merge keeps the output lists")
    func shardsAndMerge() throws {
        let folder = try TemporaryFolder()
        for i in 0..<6 { try folder.write(ImageFiles.noisePNG(width: 30, height: 20, seed: UInt64(i)), to: "in/p\(i).png") }
        let arguments = ["process", "in", "--output", "out", "--size", "8,12x6", "--device", "cpu", "--no-glitch"]
        for k in 1...2 {
            let result = try CommandRunner(in: folder.url).run(arguments + ["--shard", "\(k)/2", "--report", "s\(k).json"])
            #expect(result.status == 0, "\(result)")
        }
        #expect(folder.files(under: "out").count == 12)
        let merged = try CommandRunner(in: folder.url).run(["report", "merge", "s1.json", "s2.json", "--output", "m.json"])
        #expect(merged.status == 0, "\(merged)")
        let json = try #require(JSONSerialization.jsonObject(with: folder.contents("m.json")) as? [String: Any])
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.count == 6)
        let paths = images.flatMap { ($0["outputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        #expect(Set(paths) == Set(folder.files(under: "out").map { "out/" + $0 }))
        let settings = try #require(json["settings"] as? [String: Any])
        #expect(settings["sizes"] as? [String] == ["8", "12x6"] && settings["size"] == nil)
    }
}
