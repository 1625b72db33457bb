import Foundation
import Testing

/// Usage errors exit 2 (not ArgumentParser's 64) with a message that says what is wrong,
/// before any input is looked at.
@Suite("Usage errors")
struct UsageErrorTests {
    /// Runs `process` on a path that does not exist with the extra arguments; a usage error
    /// must win over the missing input (which alone would give exit 1).
    private func processUsage(_ extra: [String], environment: [String: String?] = [:]) throws -> ExecutionResult {
        let folder = try TemporaryFolder()
        return try CommandRunner(in: folder.url, environment: environment)
            .run(["process", "missing.png", "--output", "out", "--device", "cpu"] + extra)
    }

    @Test("bad --glitch specs name the wrong part", arguments: [
        ("sheft=3", "--glitch: unknown key 'sheft' in 'sheft=3' (known: seed, shift, edge, scanlines, thickness, strength, tears, tear-shift, tear-height); did you mean 'shift'?"),
        ("seed=1,colour=4", "--glitch: unknown key 'colour' in 'colour=4'"),
        ("seed", "--glitch: expected key=value, got 'seed'"),
        ("seed=", "--glitch: missing value for 'seed' in 'seed='"),
        ("seed=abc", "--glitch: seed must be a whole number 0...4294967295 (got 'abc') in 'seed=abc'"),
        ("seed=-1", "--glitch: seed must be a whole number 0...4294967295 (got '-1') in 'seed=-1'"),
        ("seed=4294967296", "--glitch: seed must be a whole number 0...4294967295 (got '4294967296')"),
        ("shift=2.5", "--glitch: '2.5' is not a whole number in 'shift=2.5'"),
        ("shift=-1", "--glitch: shift must be ≥ 0 (got -1) in 'shift=-1'"),
        ("strength=256", "--glitch: strength must be 0...255 (got 256) in 'strength=256'"),
        ("tear-height=0", "--glitch: tear-height must be ≥ 1 (got 0) in 'tear-height=0'"),
        ("scanlines=-2", "--glitch: scanlines must be ≥ 0 (got -2) in 'scanlines=-2'"),
        ("edge=mirror", "--glitch: edge must be clamp or wrap (got 'mirror') in 'edge=mirror'"),
        ("seed=1,,shift=2", "--glitch: empty item in 'seed=1,,shift=2' (a stray comma?)"),
        ("seed=1,seed=2", "--glitch: 'seed' given twice in 'seed=1,seed=2'"),
        ("", "--glitch: empty spec"),
    ])
    func badGlitchSpec(spec: String, message: String) throws {
        let result = try processUsage(["--glitch", spec])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
        #expect(result.stderr.contains("Usage: gpuglitch process"), "\(result)")
    }

    @Test("a full valid --glitch spec is accepted")
    func validGlitchSpec() throws {
        let result = try processUsage([
            "--glitch", "seed=7,shift=10,edge=wrap,scanlines=4,thickness=2,strength=128,tears=8,tear-shift=40,tear-height=20",
        ])
        // Past the command line: the missing input is the only problem.
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.first == "gpuglitch: missing.png: No such file or directory", "\(result)")
    }

    @Test("--shard outside 1 ≤ K ≤ N", arguments: [
        ("0/3", "--shard: K must be 1...3 (got '0/3'; shards are numbered from 1)"),
        ("4/3", "--shard: K must be 1...3 (got '4/3'; shards are numbered from 1)"),
        ("1/0", "--shard: N must be at least 1 (got '1/0')"),
        ("2", "--shard: expected K/N, e.g. 2/8 (got '2')"),
        ("a/b", "--shard: expected K/N, e.g. 2/8 (got 'a/b')"),
        ("-1/3", "--shard: K must be 1...3 (got '-1/3'; shards are numbered from 1)"),
    ])
    func badShard(shard: String, message: String) throws {
        let result = try processUsage(["--shard=\(shard)"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
    }

    @Test("out-of-range numbers", arguments: [
        (["--quality", "0"], "--quality must be 1...100 (got 0)"),
        (["--quality", "101"], "--quality must be 1...100 (got 101)"),
        (["--size", "0"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got '0')"),
        (["--size", "65536"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got '65536')"),
        (["--size", "512,640x0"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got '640x0')"),
        (["--size", "512,x"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got 'x')"),
        (["--size", "0x"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got '0x')"),
        (["--size", "800x0"], "--size entries are N, WxH, Wx or xH with sides 1...65535 (got '800x0')"),
        (["--size", "800x,800X"], "--size names 800x twice"),
        (["--effort", "7"], "--effort must be 1...6 with --format keep (WebP 0...6, AVIF 0...10, JPEG XL 1...9) (got 7)"),
        (["--effort=-1"], "--effort must be 1...6 with --format keep (WebP 0...6, AVIF 0...10, JPEG XL 1...9) (got -1)"),
        (["--format", "webp", "--effort", "7"], "--effort must be 0...6 for WebP (got 7)"),
        (["--fit", "pad", "--background", "#12345"], "--background must be #rrggbb or #rrggbbaa (got '#12345')"),
        (["--background", "white"], "--background must be #rrggbb or #rrggbbaa (got 'white')"),
        (["--size", "640x480", "--fit", "contain", "--output-template", "{stem}_{width}.{ext}"],
         "--output-template: '{stem}_{width}.{ext}' has {width}, but the width of entry 640x480's outputs depends on each picture (--fit contain); {width} and {height} name sides every picture gets: Wx entries for {width}, xH for {height}, boxes under cover or pad, without --no-enlarge"),
        (["--size", "800x", "--output-template", "{stem}_{height}.{ext}"],
         "--output-template: '{stem}_{height}.{ext}' has {height}, but the height of entry 800x's outputs depends on each picture (--fit cover); {width} and {height} name sides every picture gets: Wx entries for {width}, xH for {height}, boxes under cover or pad, without --no-enlarge"),
        (["--size", "512,,256"], "--size has an empty entry (got '512,,256')"),
        (["--size", "512,"], "--size has an empty entry (got '512,')"),
        (["--size", "512,256,512"], "--size names 512 twice"),
        (["--size", "640x480,640X480"], "--size names 640x480 twice"),
        (["--size", "512,256", "--output-template", "{dir}/{stem}.{ext}"],
         "--output-template: '{dir}/{stem}.{ext}' has no {size}, so the 2 outputs of each input would go to one path"),
        (["--output-template", "{stem}.{format}"],
         "--output-template: '{stem}.{format}' has an unknown field {format}; the fields are {dir}, {stem}, {ext}, {size}, {width} and {height}"),
        (["--output-template", "{stem.jpg"], "--output-template: '{stem.jpg' has a '{' that is not closed"),
        (["--output-template", "stem}.jpg"], "--output-template: 'stem}.jpg' has a '}' that closes no field"),
        (["--output-template", "/abs/{stem}.{ext}"],
         "--output-template: '/abs/{stem}.{ext}' is absolute; a template names a path under the output folder"),
        (["--output-template", "{stem}/"], "--output-template: '{stem}/' names a folder, not a file"),
        // A fuzz finding: with an empty {dir} this was the absolute path /STEM.
        (["--output-template", "{dir}//{stem}"], "--output-template: '{dir}//{stem}' has an empty folder name ('//')"),
        (["--output-template", "../{stem}.{ext}"],
         "--output-template: '../{stem}.{ext}' has a folder named '..'; a template names a path under the output folder"),
        (["--output-template", "{dir}/./{stem}.{ext}"],
         "--output-template: '{dir}/./{stem}.{ext}' has a folder named '.'; a template names a path under the output folder"),
        (["--output-template", ""], "--output-template: the template is empty"),
        (["--jobs", "0"], "--jobs must be at least 1 (got 0)"),
        (["--max-pixels", "0"], "--max-pixels must be 1...1000000000 (got 0)"),
        (["--max-pixels", "1000000001"], "--max-pixels must be 1...1000000000 (got 1000000001)"),
    ])
    func outOfRange(arguments: [String], message: String) throws {
        let result = try processUsage(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
    }

    @Test("--glitch with --no-glitch")
    func glitchAndNoGlitch() throws {
        let result = try processUsage(["--glitch", "seed=1", "--no-glitch"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: --glitch and --no-glitch cannot be used together"), "\(result)")
    }

    @Test("unknown enum values list the choices", arguments: [
        (["--fit", "fill"], "The value 'fill' is invalid for '--fit <fit>'"),
        (["--gravity", "up"], "The value 'up' is invalid for '--gravity <gravity>'"),
        (["--filter", "nearest"], "The value 'nearest' is invalid for '--filter <filter>'"),
        (["--format", "tiff"], "The value 'tiff' is invalid for '--format <format>'"),
    ])
    func badChoice(arguments: [String], message: String) throws {
        let result = try processUsage(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("bad --device and GPUGLITCH_DEVICE")
    func badDevice() throws {
        let option = try processUsage(["--device", "tpu"])
        #expect(option.status == 2, "\(option)")
        #expect(option.stderr.contains("Error: --device: invalid device 'tpu' (expected auto, cpu, opencl, opencl:N or gpu)"), "\(option)")

        let folder = try TemporaryFolder()
        let environment = try CommandRunner(in: folder.url, environment: ["GPUGLITCH_DEVICE": "opencl:x"])
            .run(["process", "missing.png", "--output", "out"])
        #expect(environment.status == 2, "\(environment)")
        #expect(environment.stderr.contains("Error: GPUGLITCH_DEVICE: invalid device 'opencl:x' (expected auto, cpu, opencl, opencl:N or gpu)"), "\(environment)")
    }

    @Test("missing --output, no inputs, unknown subcommand and option")
    func missingPieces() throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url)

        let noOutput = try runner.run(["process", "a.png"])
        #expect(noOutput.status == 2, "\(noOutput)")
        #expect(noOutput.stderr.contains("Missing expected argument '--output <dir>'"), "\(noOutput)")

        let noInputs = try runner.run(["process", "--output", "out"])
        #expect(noInputs.status == 2, "\(noInputs)")
        #expect(noInputs.stderr.contains("Error: no inputs: give files, folders or URLs, or --list FILE"), "\(noInputs)")

        let unknownCommand = try runner.run(["resize"])
        #expect(unknownCommand.status == 2, "\(unknownCommand)")

        let unknownOption = try runner.run(["process", "a.png", "--output", "out", "--colour"])
        #expect(unknownOption.status == 2, "\(unknownOption)")
        #expect(unknownOption.stderr.contains("Unknown option '--colour'"), "\(unknownOption)")

        let unreadableList = try runner.run(["process", "--list", "nope.txt", "--output", "out", "--device", "cpu"])
        #expect(unreadableList.status == 2, "\(unreadableList)")
        #expect(unreadableList.stderr.contains("Error: --list: cannot read 'nope.txt': No such file or directory"),
                "\(unreadableList)")
    }

    @Test("--help exits 0 on standard output")
    func help() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url).run(["process", "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: gpuglitch process"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--shard auto without a scheduler, or with JOB_COMPLETION_INDEX but no --shard-count, is a usage error naming what is missing")
    func shardAutoErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 8, height: 8, seed: 1), to: "a.png")
        let cases: [([String: String?], [String], String)] = [
            ([:], [], "--shard: auto: no scheduler found (set by Slurm: SLURM_ARRAY_TASK_ID; by a Kubernetes Indexed Job: JOB_COMPLETION_INDEX)"),
            (["JOB_COMPLETION_INDEX": "2"], [], "--shard: auto: JOB_COMPLETION_INDEX is set; give the job's completions with --shard-count N"),
            (["JOB_COMPLETION_INDEX": "3"], ["--shard-count", "3"], "--shard: auto: JOB_COMPLETION_INDEX 3 is outside 0...2 (--shard-count 3)"),
            (["SLURM_ARRAY_TASK_ID": "4"], [], "--shard: auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT"),
            (["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_MAX": "3"], [], "--shard: auto: SLURM_ARRAY_TASK_ID='x' is not a number"),
        ]
        for (env, extra, message) in cases {
            var environment = env
            for key in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT",
                        "JOB_COMPLETION_INDEX"] where environment[key] == nil {
                environment[key] = .some(nil)
            }
            let result = try CommandRunner(in: folder.url, environment: environment)
                .run(["process", "a.png", "--output", "out", "--shard", "auto"] + extra)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("Error: " + message), "\(result)")
        }
        let stray = try CommandRunner(in: folder.url).run(["process", "a.png", "--output", "out", "--shard", "1/2", "--shard-count", "2"])
        #expect(stray.status == 2 && stray.stderr.contains("Error: --shard-count goes with --shard auto"), "\(stray)")
    }

    @Test("report merge refuses a shard given twice and a file that is not a report, exit 2")
    func reportMergeErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 8, height: 8, seed: 1), to: "in/a.png")
        try folder.write(ImageFiles.noisePNG(width: 8, height: 8, seed: 2), to: "in/b.png")
        let one = try CommandRunner(in: folder.url).run(["process", "in", "--output", "o", "--size", "4", "--device", "cpu",
                                                         "--shard", "1/2", "--report", "r1.json"])
        #expect(one.status == 0, "\(one)")
        let twice = try CommandRunner(in: folder.url).run(["report", "merge", "-o", "m.json", "r1.json", "r1.json"])
        #expect(twice.status == 2 && twice.stderr.contains("Error: report merge: a shard is given twice (1/2, 1/2)"), "\(twice)")
        try folder.write(Data("{}".utf8), to: "junk.json")
        let junk = try CommandRunner(in: folder.url).run(["report", "merge", "-o", "m.json", "r1.json", "junk.json"])
        #expect(junk.status == 2 && junk.stderr.contains("Error: report merge: junk.json is not a gpuglitch report"), "\(junk)")
    }
}
