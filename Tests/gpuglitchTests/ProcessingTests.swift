import Foundation
import Testing
import TestSupport

/// Whole batches through the built binary: good and bad inputs, CPU against OpenCL,
/// interruption and resumption, shards.
@Suite("Processing", .serialized)
struct ProcessingTests {
    private func report(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        let data = try folder.contents(name)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func records(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["images"] as? [[String: Any]])
    }

    @Test("a mixed batch: every good input written, every bad one a line, exit 1, all in the report, no leftovers")
    func mixedBatch() throws {
        let folder = try TemporaryFolder()
        let good = ImageFiles.gradientPNG(width: 64, height: 48)
        try folder.write(good, to: "in/good.png")
        try folder.write(ImageFiles.noisePNG(width: 40, height: 70, seed: 3, alpha: true), to: "in/sub/alpha.PNG")
        try folder.write(Data(), to: "in/empty.png")
        let jpeg = try ImageFiles.gradientJPEG(width: 90, height: 60)
        try folder.write(jpeg, to: "in/photo.JPG")
        try folder.write(jpeg.prefix(jpeg.count / 2), to: "in/truncated.jpg")
        try folder.write(ImageFiles.truncatedJPEG, to: "in/header-only.jpeg")
        try folder.write(good.prefix(good.count / 2), to: "in/truncated.png")
        try folder.write(ImageFiles.randomBytes(count: 4096, seed: 9), to: "in/random.png")
        try folder.write(StoredPNG.headerOnly(width: 100_000, height: 100_000), to: "in/huge.png")
        try folder.makeFolder("x.jpg")
        try folder.write(good, to: "served/remote.png")
        let server = try LocalHTTPServer(serving: folder.url.appendingPathComponent("served"))

        let inputs = ["in", "x.jpg", "missing.png", server.url("remote.png"), server.url("absent.png")]
        let result = try CommandRunner(in: folder.url).run(
            ["process"] + inputs + ["--output", "out", "--size", "32", "--device", "cpu",
                                    "--format", "png", "--report", "report.json"])
        #expect(result.status == 1, "\(result)")

        let bad = ["in/empty.png", "in/header-only.jpeg", "in/huge.png", "in/random.png", "in/truncated.jpg",
                   "in/truncated.png",
                   "x.jpg", "missing.png", server.url("absent.png")]
        let errorLines = result.stderrLines.dropLast()
        #expect(errorLines.count == bad.count, "one line per bad input\n\(result)")
        for input in bad {
            #expect(errorLines.filter { $0.hasPrefix("gpuglitch: \(input)") }.count == 1,
                    "exactly one line naming \(input)\n\(result)")
        }
        #expect(errorLines.contains { $0.hasPrefix("gpuglitch: \(server.url("absent.png"))") && $0.contains("404") })
        #expect(result.stderrLines.last?.hasPrefix("gpuglitch: 4 images written, 9 failed, 0 skipped, ") == true)
        #expect(result.stderrLines.last?.hasSuffix(", device cpu") == true)

        #expect(folder.files(under: "out") == ["good.png", "photo.png", "remote.png", "sub/alpha.png"],
                "only the good outputs, no partial or temporary files")
        for output in ["out/good.png", "out/photo.png", "out/sub/alpha.png", "out/remote.png"] {
            let data = try folder.contents(output)
            #expect(ImageFiles.isCompletePNG(data), "\(output)")
            #expect(ImageFiles.pngSize(data).map { [$0.width, $0.height] } == [32, 32], "\(output)")
        }
        #expect(try folder.contents("out/good.png") == folder.contents("out/remote.png"),
                "the same image from disk and over http gives the same bytes")

        let json = try report(folder, "report.json")
        let images = try records(json)
        #expect(images.map { $0["input"] as? String } == [
            "in/empty.png", "in/good.png", "in/header-only.jpeg", "in/huge.png", "in/photo.JPG", "in/random.png",
            "in/sub/alpha.PNG", "in/truncated.jpg", "in/truncated.png", "x.jpg", "missing.png",
            server.url("remote.png"), server.url("absent.png"),
        ])
        #expect(images.map { $0["status"] as? String } == [
            "failed", "ok", "failed", "failed", "ok", "failed",
            "ok", "failed", "failed", "failed", "failed", "ok", "failed",
        ])
        for image in images where image["status"] as? String == "failed" {
            let input = try #require(image["input"] as? String)
            #expect((image["error"] as? String)?.hasPrefix(input) == true, "\(image)")
        }
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["ok"] as? Int == 4 && totals["failed"] as? Int == 9)
    }

    @Test("CPU and OpenCL write byte-identical PNGs", .enabled(if: OpenCLTestEnvironment.isAvailable,
          "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func cpuMatchesOpenCL() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.gradientPNG(width: 300, height: 200), to: "gen/gradient.png")
        try folder.write(ImageFiles.noisePNG(width: 257, height: 131, seed: 1), to: "gen/noise.png")
        try folder.write(ImageFiles.noisePNG(width: 160, height: 240, seed: 2, alpha: true), to: "gen/alpha.png")
        // The samples hold x.png next to x.jpg; as PNG outputs they would collide, so each
        // sample is linked under a folder named after its extension.
        let samples = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.samples.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
        #expect(samples.count >= 6, "samples/: \(samples)")
        for name in samples {
            let ext = (name as NSString).pathExtension
            try folder.link("samples/\(ext)/\(name)", to: RepositoryPaths.samples.appendingPathComponent(name).path)
        }
        let inputs = ["samples", "gen"]
        for (name, extra) in [("default", [String]()),
                              ("wrap", ["--glitch", "seed=7,shift=10,edge=wrap,scanlines=4,thickness=2,strength=128,tears=8,tear-shift=40,tear-height=20",
                                        "--fit", "contain", "--filter", "bicubic", "--no-shrink-on-load"])] {
            var outputs: [String: [String]] = [:]
            for device in ["cpu", "opencl"] {
                let result = try CommandRunner(in: folder.url).run(
                    ["process"] + inputs + ["--output", "\(name)-\(device)", "--size", "96", "--format", "png",
                                            "--device", device, "--report", "\(name)-\(device).json"] + extra)
                #expect(result.status == 0, "\(result)")
                outputs[device] = folder.files(under: "\(name)-\(device)")
                let transfers = try #require(try report(folder, "\(name)-\(device).json")["transfers"] as? [String: Any])
                let count = outputs[device]!.count
                let expected = device == "cpu" ? 0 : count
                #expect(transfers["uploads"] as? Int == expected && transfers["downloads"] as? Int == expected,
                        "\(device): \(transfers)")
            }
            #expect(outputs["cpu"] == outputs["opencl"])
            #expect((outputs["cpu"] ?? []).count == samples.count + 3, "every sample and three generated images")
            for file in outputs["cpu"] ?? [] {
                #expect(try folder.contents("\(name)-cpu/\(file)") == folder.contents("\(name)-opencl/\(file)"),
                        "\(name): \(file) differs between CPU and OpenCL")
            }
        }
    }

    @Test("without OpenCL, --device auto runs on the CPU and says so exactly once")
    func autoFallsBackToCPU() throws {
        let folder = try TemporaryFolder()
        for i in 0..<3 {
            try folder.write(ImageFiles.noisePNG(width: 50, height: 30, seed: UInt64(i)), to: "in/\(i).png")
        }
        let runner = CommandRunner(in: folder.url, environment: try NoOpenCL.environment(in: folder))
        let result = try runner.run(["process", "in", "--output", "out", "--size", "16", "--device", "auto"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 2, "the notice, then the summary\n\(result)")
        #expect(result.stderrLines.first?.lowercased().contains("cpu") == true, "\(result)")
        #expect(result.stderrLines.last?.hasSuffix("device cpu") == true, "\(result)")
        #expect(folder.files(under: "out") == ["0.png", "1.png", "2.png"])
    }

    @Test("SIGINT mid-batch: exit 130, no partial or temporary files; --skip-existing then does only the rest")
    func interruptAndResume() throws {
        let folder = try TemporaryFolder()
        // Inputs served with a delay: the batch lasts at least count × delay whatever the
        // build or machine, so the signal always lands in the middle of it.
        let count = 16, delay = 0.25
        let names = (0..<count).map { String(format: "img%02d.png", $0) }
        let image = ImageFiles.noisePNG(width: 120, height: 90, seed: 5)
        for name in names { try folder.write(image, to: "served/\(name)") }
        let server = try LocalHTTPServer(serving: folder.url.appendingPathComponent("served"), delay: delay)
        let urls = names.map { server.url($0) }

        let running = try CommandRunner(in: folder.url).start(
            ["process"] + urls + ["--output", "out", "--device", "cpu", "--jobs", "1", "--report", "first.json"])
        let deadline = Date().addingTimeInterval(120)
        while folder.files(under: "out").filter({ !$0.hasPrefix(".") }).isEmpty
                && Date() < deadline && running.process.isRunning {
            Thread.sleep(forTimeInterval: 0.005)
        }
        running.signal(SIGINT)
        let first = running.wait()
        #expect(running.process.terminationReason == .exit, "exits by itself, not killed by the signal\n\(first)")
        try #require(first.status == 130, "\(first)")
        #expect(first.stderrLines.last?.hasPrefix("gpuglitch: interrupted; ") == true, "\(first)")

        let written = folder.files(under: "out")
        #expect(!written.isEmpty && written.count < count, "\(written.count) of \(count) written")
        #expect(Set(written).isSubset(of: names), "only finished outputs, no temporary files: \(written)")
        for name in written {
            #expect(ImageFiles.isCompletePNG(try folder.contents("out/\(name)")), "\(name) is complete")
        }
        let firstReport = try report(folder, "first.json")
        #expect(firstReport["interrupted"] as? Bool == true)
        let firstStatuses = try records(firstReport).map { $0["status"] as? String }
        #expect(firstStatuses.count == count)
        #expect(firstStatuses.filter { $0 == "ok" }.count == written.count)
        #expect(firstStatuses.allSatisfy { $0 == "ok" || $0 == "interrupted" }, "\(firstStatuses)")

        let dates = try Dictionary(uniqueKeysWithValues: written.map { name in
            (name, try FileManager.default.attributesOfItem(atPath: folder.path("out/\(name)"))[.modificationDate] as? Date)
        })
        let second = try CommandRunner(in: folder.url).run(
            ["process"] + urls + ["--output", "out", "--device", "cpu", "--skip-existing", "--report", "second.json"])
        #expect(second.status == 0, "\(second)")
        #expect(folder.files(under: "out") == names)
        let secondRecords = try records(try report(folder, "second.json"))
        #expect(secondRecords.filter { $0["status"] as? String == "skipped" }.count == written.count)
        #expect(secondRecords.filter { $0["status"] as? String == "ok" }.count == count - written.count)
        for name in written {
            let date = try FileManager.default.attributesOfItem(atPath: folder.path("out/\(name)"))[.modificationDate] as? Date
            #expect(date == dates[name] ?? nil, "\(name) was not redone")
        }
        let reference = try folder.contents("out/\(names[0])")
        for name in names {
            #expect(try folder.contents("out/\(name)") == reference, "\(name): same input, same bytes")
        }
    }

    /// Repeated: where the signal lands in an image's work varies from run to run, and each
    /// round is another chance to catch a cancellation race (each waits a little longer).
    @Test("SIGTERM while local files are being processed: exit 130, only complete outputs",
          arguments: 1...3)
    func terminateLocalBatch(round: Int) throws {
        let folder = try TemporaryFolder()
        // One image under many names (links are followed). Large enough that the signal,
        // sent once the first output exists, lands while the next image is being worked on.
        try folder.write(ImageFiles.noisePNG(width: 600, height: 450, seed: 6), to: "big.png")
        let count = 12
        let names = (0..<count).map { String(format: "img%02d.png", $0) }
        for name in names { try folder.link("in/\(name)", to: "../big.png") }

        let running = try CommandRunner(in: folder.url).start(
            ["process", "in", "--output", "out", "--device", "cpu", "--jobs", "1", "--report", "report.json"])
        let deadline = Date().addingTimeInterval(120)
        while folder.files(under: "out").filter({ !$0.hasPrefix(".") }).isEmpty
                && Date() < deadline && running.process.isRunning {
            Thread.sleep(forTimeInterval: 0.002)
        }
        // 0, 40 and 80 ms into the next image.
        Thread.sleep(forTimeInterval: Double(round - 1) * 0.04)
        running.signal(SIGTERM)
        let result = running.wait()
        #expect(running.process.terminationReason == .exit, "exits by itself, not killed or crashed\n\(result)")
        try #require(result.status == 130, "\(result)")
        let written = folder.files(under: "out")
        #expect(!written.isEmpty && written.count < count, "\(written.count) of \(count) written")
        #expect(Set(written).isSubset(of: names), "only finished outputs, no temporary files: \(written)")
        for name in written {
            #expect(ImageFiles.isCompletePNG(try folder.contents("out/\(name)")), "\(name) is complete")
        }
        let json = try report(folder, "report.json")
        #expect(json["interrupted"] as? Bool == true)
        // The record agrees with the disk: "ok" for every output that exists and no other,
        // and the summary line counts them.
        let okOutputs = try records(json).filter { $0["status"] as? String == "ok" }
            .compactMap { ($0["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
        #expect(Set(okOutputs) == Set(written), "report ok \(okOutputs.sorted()) vs disk \(written)")
        #expect(result.stderrLines.last?.contains("interrupted; \(written.count) image") == true, "\(result)")
    }

    @Test("shards 1/3, 2/3 and 3/3 together write exactly what one run writes")
    func shardsTogether() throws {
        let folder = try TemporaryFolder()
        for i in 0..<10 {
            try folder.write(ImageFiles.noisePNG(width: 30 + i, height: 20, seed: UInt64(i)), to: "in/d\(i % 3)/\(i).png")
        }
        let common = ["process", "in", "--size", "16", "--device", "cpu"]
        let whole = try CommandRunner(in: folder.url).run(common + ["--output", "whole"])
        #expect(whole.status == 0, "\(whole)")
        var perShard: [Int] = []
        for k in 1...3 {
            let result = try CommandRunner(in: folder.url).run(
                common + ["--output", "sharded", "--shard", "\(k)/3", "--report", "shard\(k).json"])
            #expect(result.status == 0, "\(result)")
            let json = try report(folder, "shard\(k).json")
            #expect(json["shard"] as? String == "\(k)/3")
            perShard.append(try records(json).count)
        }
        #expect(perShard == [4, 3, 3])
        let files = folder.files(under: "whole")
        #expect(files.count == 10)
        #expect(folder.files(under: "sharded") == files)
        for file in files {
            #expect(try folder.contents("whole/\(file)") == folder.contents("sharded/\(file)"), "\(file)")
        }
    }

    @Test("--shard auto: Slurm array (MIN/MAX and COUNT forms) and Kubernetes Indexed Job shards cover the set exactly once")
    func shardAuto() throws {
        let folder = try TemporaryFolder()
        for i in 0..<10 {
            try folder.write(ImageFiles.noisePNG(width: 30 + i, height: 20, seed: UInt64(i)), to: "in/\(i).png")
        }
        let common = ["process", "in", "--size", "16", "--device", "cpu", "--shard", "auto"]
        // Slurm: --array=5-7 gives IDs 5, 6, 7 with MIN 5, MAX 7 -> shards 1/3, 2/3, 3/3.
        let environments: [(String, [String: String?], [String])] = [
            ("slurm", ["SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "7"], []),
            ("slurm-count", ["SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MAX": nil, "SLURM_ARRAY_TASK_MIN": "5"], []),
            ("k8s", [:], ["--shard-count", "3"]),
        ]
        for (name, base, extra) in environments {
            var counts: [Int] = []
            for k in 0..<3 {
                var env = base
                if name == "k8s" { env["JOB_COMPLETION_INDEX"] = "\(k)" } else { env["SLURM_ARRAY_TASK_ID"] = "\(5 + k)" }
                let result = try CommandRunner(in: folder.url, environment: env).run(
                    common + extra + ["--output", name, "--report", "\(name)-\(k).json"])
                #expect(result.status == 0, "\(name) \(k): \(result)")
                let json = try report(folder, "\(name)-\(k).json")
                #expect(json["shard"] as? String == "\(k + 1)/3")
                counts.append(try records(json).count)
            }
            #expect(counts == [4, 3, 3], "\(name)")
            // The shards' reports merge into the report of one run over everything.
            let merge = try CommandRunner(in: folder.url).run(["report", "merge", "--output", "\(name)-merged.json",
                                                               "\(name)-0.json", "\(name)-1.json", "\(name)-2.json"])
            #expect(merge.status == 0, "\(merge)")
            let merged = try report(folder, "\(name)-merged.json")
            let inputs = try records(merged).compactMap { $0["input"] as? String }.sorted()
            #expect(inputs == (0..<10).map { "in/\($0).png" }.sorted(), "\(name)")
            let totals = try #require(merged["totals"] as? [String: Any])
            #expect(totals["ok"] as? Int == 10 && totals["failed"] as? Int == 0, "\(name)")
            #expect(merged["shard"] == nil)
            #expect(folder.files(under: name) == (0..<10).map { "\($0).png" }.sorted(), "\(name): every input exactly once")
        }
    }

    @Test("the default (--fail-on error) accepts recoverable JPEG damage as Pillow does, not a cut-off file; --fail-on warning refuses both")
    func lenientJPEG() throws {
        let folder = try TemporaryFolder()
        let damaged = ByteDamage.flipped(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("chelsea.jpg")),
                                         at: ByteDamage.recoverableChelseaJPEGOffset)
        try folder.write(damaged, to: "in/damaged.jpg")
        try folder.write(damaged.prefix(17_000), to: "in/cut.jpg")
        let runner = CommandRunner(in: folder.url)

        let strict = try runner.run(["process", "in", "-o", "strict", "--size", "64", "--device", "cpu", "--fail-on", "warning"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderrLines.count == 3, "two failures and the summary\n\(strict)")
        #expect(strict.stderrLines.contains { $0.hasPrefix("gpuglitch: in/damaged.jpg: ") && $0.contains("extraneous bytes before marker") },
                "\(strict)")
        #expect(strict.stderrLines.contains { $0.hasPrefix("gpuglitch: in/cut.jpg: ") && $0.contains("truncated") }, "\(strict)")
        #expect(folder.files(under: "strict").isEmpty)

        let lenient = try runner.run(["process", "in", "-o", "lenient", "--size", "64", "--device", "cpu",
                                      "--report", "lenient.json"])
        #expect(lenient.status == 1, "the cut-off file still fails\n\(lenient)")
        #expect(lenient.stderrLines.count == 2, "\(lenient)")
        #expect(lenient.stderrLines.first?.hasPrefix("gpuglitch: in/cut.jpg: ") == true, "\(lenient)")
        #expect(lenient.stderrLines.last?.hasPrefix("gpuglitch: 1 image written, 1 failed, 0 skipped, ") == true)
        #expect(folder.files(under: "lenient") == ["damaged.jpg"])
        #expect(ImageFiles.isCompleteJPEG(try folder.contents("lenient/damaged.jpg")))
        let settings = try #require(try report(folder, "lenient.json")["settings"] as? [String: Any])
        #expect(settings["lenientJPEG"] as? Bool == true)
        #expect(settings["failOn"] as? String == "error")
        // The former flag still means the default.
        let alias = try runner.run(["process", "in", "-o", "alias", "--size", "64", "--device", "cpu", "--lenient-jpeg"])
        #expect(alias.status == 1 && folder.files(under: "alias") == ["damaged.jpg"], "\(alias)")
        let both = try runner.run(["process", "in", "-o", "x", "--lenient-jpeg", "--fail-on", "warning"])
        #expect(both.status == 2, "\(both)")
    }

    @Test("--format keep, jpeg and png; JPEG quality changes the bytes")
    func formats() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 80, height: 80, seed: 4), to: "a.png")
        let runner = CommandRunner(in: folder.url)
        #expect(try runner.run(["process", "a.png", "-o", "keep", "--device", "cpu"]).status == 0)
        #expect(ImageFiles.isCompletePNG(try folder.contents("keep/a.png")))
        #expect(try runner.run(["process", "a.png", "-o", "low", "--format", "jpeg", "--quality", "20",
                                "--device", "cpu"]).status == 0)
        #expect(try runner.run(["process", "a.png", "-o", "high", "--format", "jpeg", "--quality", "95",
                                "--device", "cpu"]).status == 0)
        let low = try folder.contents("low/a.jpg"), high = try folder.contents("high/a.jpg")
        #expect(ImageFiles.isCompleteJPEG(low) && ImageFiles.isCompleteJPEG(high))
        #expect(low.count < high.count)
    }

    @Test("the summary line: counts, rate, time and device; no progress bar off a terminal")
    func summaryLine() throws {
        let folder = try TemporaryFolder()
        for i in 0..<4 { try folder.write(ImageFiles.gradientPNG(width: 20 + i, height: 20), to: "in/\(i).png") }
        let result = try CommandRunner(in: folder.url).run(["process", "in", "-o", "out", "--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        let line = try #require(result.stderrLines.first)
        #expect(line.wholeMatch(of: /gpuglitch: 4 images written, 0 failed, 0 skipped, \d+\.\d images\/s, \d+\.\d\d s, device cpu/) != nil,
                "\(line)")
        #expect(!result.stderr.contains("\r"))
    }

    @Test("on a terminal: a progress bar redrawn in place, cleared before the summary",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                   "needs util-linux script(1) to give the tool a terminal"))
    func progressBarOnTerminal() throws {
        let folder = try TemporaryFolder()
        for i in 0..<5 { try folder.write(ImageFiles.gradientPNG(width: 40, height: 30 + i), to: "in/\(i).png") }
        // script(1) runs the command on a pseudo-terminal and copies what it prints.
        let command = "'\(GPUGlitchBinary.url.path)' process in -o out --device cpu --size 16"
        var runner = CommandRunner(in: folder.url)
        runner.executable = URL(fileURLWithPath: "/usr/bin/script")
        let result = try runner.run(["-q", "-e", "-c", command, "/dev/null"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\r\u{1B}[K["), "the bar is drawn with carriage returns\n\(result)")
        #expect(result.stdout.contains("/5 "), "done/total\n\(result)")
        let lastLine = result.stdout.components(separatedBy: "\u{1B}[K").last ?? ""
        #expect(lastLine.hasPrefix("gpuglitch: 5 images written, 0 failed, 0 skipped, "), "\(result)")
    }
}
