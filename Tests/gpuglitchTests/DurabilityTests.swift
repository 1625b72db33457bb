import Foundation
import Testing
import TestSupport

/// What a later run finds after an earlier one was killed, and names at the file system's
/// limits: through the built binary.
@Suite("Durability and names")
struct DurabilityTests {
    /// The pid of a process that has exited (and been reaped), so no process has it now.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("temporary files of killed runs are removed by the next run into the folder and counted; a live writer's are kept")
    func staleTemporaryFilesAreSwept() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 1), to: "in/a.png")
        let dead = try Self.deadPID(), alive = getpid()
        try folder.write(Data([1, 2, 3]), to: "out/.a.png.\(dead).1f2e.gpuglitch-tmp")
        try folder.write(Data([1, 2, 3]), to: "out/.b.png.\(dead).77.gpuglitch-tmp")
        try folder.write(Data([4]), to: "out/.c.png.\(alive).5.gpuglitch-tmp")
        try folder.write(Data([5]), to: "out/.notes.txt")
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16", "--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderrLines.last?.hasSuffix(", 2 stale temporary files removed") == true, "\(result)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted()) ?? []
        #expect(left == [".c.png.\(alive).5.gpuglitch-tmp", ".notes.txt", "a.png"])
    }

    @Test("a 250-byte name is written under the same name (its temporary name is shortened to fit NAME_MAX)")
    func longNames() throws {
        let folder = try TemporaryFolder()
        let name = String(repeating: "é", count: 123) + ".png"   // 246 + 4 = 250 bytes
        #expect(name.utf8.count == 250)
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 2), to: "in/\(name)")
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16", "--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        #expect(folder.files(under: "out") == [name])
    }

    @Test("control characters in names are escaped: one failure is one line, the dry-run plan keeps its columns")
    func controlCharacters() throws {
        let folder = try TemporaryFolder()
        try folder.write(Data("not an image".utf8), to: "in/new\nline.png")
        try folder.write(ImageFiles.noisePNG(width: 20, height: 10, seed: 6), to: "in/tab\there.png")
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16", "--device", "cpu"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "one line for the failure, one for the summary\n\(result)")
        #expect(result.stderrLines.first?.hasPrefix("gpuglitch: in/new\\nline.png: not a PNG, JPEG") == true, "\(result)")
        #expect(folder.files(under: "out") == ["tab\there.png"], "written under the same name")
        let plan = try CommandRunner(in: folder.url).run(["process", "in", "--output", "plan", "--dry-run"])
        #expect(plan.stdoutLines.count == 2, "\(plan)")
        #expect(plan.stdoutLines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 }, "\(plan)")
        #expect(plan.stdout.contains("in/tab\\there.png\tplan/tab\\there.png"), "\(plan)")
    }

    @Test("`--` ends the options: a file named -dash.png is an input")
    func dashNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 3), to: "-dash.png")
        let result = try CommandRunner(in: folder.url).run(["process", "--output", "out", "--size", "16", "--device", "cpu",
                                                            "--", "-dash.png"])
        #expect(result.status == 0, "\(result)")
        #expect(folder.files(under: "out") == ["-dash.png"])
    }
}

/// The order of the binary's own system calls, traced by strace: no report line says "ok"
/// before the output's data was flushed, the output renamed and its folder flushed after the
/// rename.
@Suite("Durability order (strace)",
       .enabled(if: SystemCallTrace.strace != nil,
                "strace is not installed (scripts/install-deps.sh installs it) or may not trace here"))
struct DurabilityOrderTraceTests {
    @Test("every ok line of a .jsonl report comes after its output's fdatasync, rename, and a folder fsync begun after the rename")
    func reportLineAfterFolderFlush() throws {
        let folder = try TemporaryFolder()
        let count = 8
        for i in 0..<count { try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: UInt64(i)), to: "in/p\(i).png") }
        var runner = CommandRunner(in: folder.url)
        runner.executable = URL(fileURLWithPath: try #require(SystemCallTrace.strace))
        let result = try runner.run(["-f", "-qq", "-y", "-s", "2000", "-o", folder.path("trace.txt"),
                                     "-e", "trace=fdatasync,fsync,rename,renameat,renameat2,write",
                                     GPUGlitchBinary.url.path, "process", "in", "--output", "out", "--size", "16",
                                     "--device", "cpu", "--jobs", "2", "--report", "r.jsonl"])
        #expect(result.status == 0, "\(result)")
        let trace = SystemCallTrace(String(decoding: try folder.contents("trace.txt"), as: UTF8.self))
        let out = URL(fileURLWithPath: folder.path("out")).resolvingSymlinksInPath().path
        let report = URL(fileURLWithPath: folder.path("r.jsonl")).resolvingSymlinksInPath().path
        let folderFlushes = trace.calls.filter { $0.name == "fsync" && $0.arguments == "\($0.descriptor)<\(out)>" }
        #expect(!folderFlushes.isEmpty, "the output folder is flushed")
        #expect(folderFlushes.allSatisfy { $0.result == "0" })
        for i in 0..<count {
            let output = "out/p\(i).png"
            let rename = try #require(trace.calls.first { $0.name.hasPrefix("rename") && $0.arguments.hasSuffix("\"\(output)\"") },
                                      "\(output) renamed")
            // The first quoted argument, the temporary file's path; its name is what -y shows.
            let quoted = rename.arguments.split(separator: "\"", omittingEmptySubsequences: false)
            let temporary = try #require(quoted.count > 1 ? quoted[1].split(separator: "/").last.map(String.init) : nil)
            let data = try #require(trace.calls.first { $0.name == "fdatasync" && $0.arguments.hasSuffix("/" + temporary + ">") },
                                    "\(temporary) flushed")
            let line = try #require(trace.calls.first {
                $0.name == "write" && $0.arguments.hasPrefix("\($0.descriptor)<\(report)>")
                    && $0.arguments.contains(#"\"output\":\"\#(output)\""#) && $0.arguments.contains(#"\"status\":\"ok\""#)
            }, "\(output)'s ok line written")
            #expect(data.result == "0" && rename.result == "0")
            #expect(data.end < rename.start, "\(output): fdatasync done before the rename")
            let flush = folderFlushes.first { $0.start > rename.end }
            #expect(flush.map { $0.end < line.start } == true,
                    "\(output): renamed at line \(rename.end), its ok line at \(line.start), the next folder fsync at \(String(describing: flush))")
        }
    }
}

/// The calls of an `strace -f -y` log, each with the log lines it began and ended on (a call
/// another thread interrupted is split over an `<unfinished ...>` and a `resumed>` line).
struct SystemCallTrace {
    struct Call: CustomStringConvertible {
        var name: String
        /// The text between the parentheses (`-y` adds each descriptor's path: `7</x/out>`).
        var arguments: String
        /// What it returned, e.g. `0`, or `-1 EIO (Input/output error)`.
        var result: String
        var start: Int
        var end: Int
        /// The first argument's number, for matching `N<path>`.
        var descriptor: String { String(arguments.prefix { $0.isNumber }) }
        var description: String { "\(name)(\(arguments.prefix(120))) = \(result) [lines \(start)–\(end)]" }
    }

    /// strace, when it is installed and may trace here (a container can forbid ptrace; the
    /// order is then still proven by DurabilityOrderTests' recording layer).
    static let strace: String? = {
        guard let path = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: path)
        probe.arguments = ["-o", "/dev/null", "/bin/true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? path : nil
    }()

    var calls: [Call] = []

    init(_ log: String) {
        var unfinished: [Substring: (name: String, arguments: String, start: Int)] = [:]
        // `PID  name(arguments) = result`, strace padding the space before `=` to a column.
        func resultSplit(_ text: Substring) -> (arguments: Substring, result: String)? {
            var searched = text[...]
            while let equals = searched.range(of: "= ", options: .backwards) {
                let before = text[..<equals.lowerBound]
                if let close = before.lastIndex(where: { $0 != " " }), before[close] == ")" {
                    return (text[..<close], String(text[equals.upperBound...]))
                }
                searched = text[..<equals.lowerBound]
            }
            return nil
        }
        for (number, line) in log.split(separator: "\n").enumerated() {
            let pid = line.prefix { $0.isNumber }
            let text = line.dropFirst(pid.count).drop { $0 == " " }
            if text.hasPrefix("<... ") {
                // `<... fsync resumed>) = 0` (or `<... write resumed>"rest", 9) = 9`)
                guard let begun = unfinished.removeValue(forKey: pid), let resumed = text.range(of: " resumed>"),
                      let (rest, result) = resultSplit(text[resumed.upperBound...]) else { continue }
                calls.append(Call(name: begun.name, arguments: begun.arguments + rest, result: result,
                                  start: begun.start, end: number))
            } else if let open = text.firstIndex(of: "(") {
                let name = String(text[..<open])
                let rest = text[text.index(after: open)...]
                if let cut = rest.range(of: " <unfinished ...>") {
                    unfinished[pid] = (name, String(rest[..<cut.lowerBound]), number)
                } else if let (arguments, result) = resultSplit(rest) {
                    calls.append(Call(name: name, arguments: String(arguments), result: result, start: number, end: number))
                }
            }
        }
    }
}

/// A header that promises more than the machine holds fails alone, with one line and a report
/// entry, whatever `--max-pixels` says.
@Suite("Memory budget")
struct MemoryBudgetTests {
    static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for b in typed {
                crc ^= UInt32(b)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be32(UInt32(body.count)) + typed + be32(~crc)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
                    + chunk("IDAT", [0x78, 0x9C, 0x03, 0, 0, 0, 0, 1]) + chunk("IEND", []))
    }

    @Test("a raised --max-pixels lets a 30000x30000 header through the pixel limit; the budget fails it alone")
    func raisedLimit() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.pngClaiming(width: 30_000, height: 30_000), to: "in/huge.png")
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 4), to: "in/small.png")
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16",
                                                            "--device", "cpu", "--max-pixels", "1000000000",
                                                            "--report", "report.json"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "one line for the input, then the summary\n\(result)")
        #expect(result.stderrLines.first?.contains("huge.png: 30000x30000 needs about 10299 MiB to decode, more than the memory budget") == true,
                "\(result)")
        #expect(folder.files(under: "out") == ["small.png"])
        let report = try #require(try JSONSerialization.jsonObject(with: folder.contents("report.json")) as? [String: Any])
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(totals["ok"] as? Int == 1 && totals["failed"] as? Int == 1)
    }
}

/// Hostile servers: each URL fails at its limit with one line, and the rest of the batch is
/// written.
@Suite("Download limits", .serialized)
struct DownloadLimitTests {
    @Test("a server dripping a byte every 0.2 s fails at --download-timeout, not hours later")
    func drip() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 5), to: "served/ok.png")
        let server = try LocalHTTPServer(serving: folder.url.appendingPathComponent("served"))
        let started = Date()
        let result = try CommandRunner(in: folder.url).run(["process", server.url("drip.png"), server.url("ok.png"),
                                                            "--output", "out", "--size", "16", "--device", "cpu",
                                                            "--download-timeout", "2"])
        #expect(Date().timeIntervalSince(started) < 20, "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.first == "gpuglitch: \(server.url("drip.png")): download not finished within 2 s", "\(result)")
        #expect(folder.files(under: "out") == ["ok.png"])
    }

    @Test("a declared oversize Content-Length is refused at once; a body without length is cut at the limit")
    func oversize() throws {
        let folder = try TemporaryFolder()
        try folder.write(Data(), to: "served/.keep")
        let server = try LocalHTTPServer(serving: folder.url.appendingPathComponent("served"))
        let started = Date()
        let result = try CommandRunner(in: folder.url).run(["process", server.url("declared-huge.png"),
                                                            server.url("stream-huge.png"),
                                                            "--output", "out", "--size", "16", "--device", "cpu",
                                                            "--download-max-bytes", "2000000"])
        #expect(Date().timeIntervalSince(started) < 20, "not waiting for the 30 s the first server stalls\n\(result)")
        #expect(result.status == 1, "\(result)")
        let lines = Set(result.stderrLines.dropLast())
        #expect(lines == ["gpuglitch: \(server.url("declared-huge.png")): download larger than the limit of 2000000 bytes",
                          "gpuglitch: \(server.url("stream-huge.png")): download larger than the limit of 2000000 bytes"],
                "\(result)")
        #expect(folder.files(under: "out").isEmpty)
    }

    @Test("--download-timeout and --download-max-bytes must be positive")
    func usage() throws {
        let folder = try TemporaryFolder()
        let zero = try CommandRunner(in: folder.url).run(["process", "a.png", "--output", "o", "--download-timeout", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("Error: --download-timeout must be more than 0 seconds (got 0.0)"), "\(zero)")
        let none = try CommandRunner(in: folder.url).run(["process", "a.png", "--output", "o", "--download-max-bytes", "0"])
        #expect(none.status == 2 && none.stderr.contains("Error: --download-max-bytes must be at least 1 (got 0)"), "\(none)")
    }
}
