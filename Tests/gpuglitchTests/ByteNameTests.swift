import Foundation
import Testing
import TestSupport

/// File names are bytes: a name that is not UTF-8 (here `caf\xE9.png`, "café" in Latin-1) is
/// found in a folder, read from a `--list` and taken from the command line, and its output is
/// written under the same bytes; messages, the plan and the report show the byte as `\xe9`.
@Suite("Names that are not UTF-8")
struct ByteNameTests {
    /// `caf` 0xE9 `.png`: invalid UTF-8 (0xE9 starts a three-byte sequence that never comes).
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)

    /// Creates `folder/sub/<bytes>` with `data`, through the system call (Foundation's file
    /// APIs take `String`s and cannot name such a file).
    static func write(_ data: Data, in folder: String, name: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(fd >= 0)
        _ = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) }
        close(fd)
    }

    /// The names in `folder` as bytes, sorted.
    static func names(in folder: String) -> [[UInt8]] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("found in a folder, named in a --list and on the command line: written under the same bytes, shown as \\xe9")
    func latin1Names() throws {
        let folder = try TemporaryFolder()
        let image = ImageFiles.noisePNG(width: 40, height: 30, seed: 9)
        try Self.write(image, in: folder.path("in"), name: Self.latin1Name)
        try Self.write(image, in: folder.path("listed"), name: Self.latin1Name)
        try Self.write(image, in: folder.path("argument"), name: Self.latin1Name)

        // A folder scan, with a report.
        let scan = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16",
                                                          "--device", "cpu", "--report", "report.json"])
        #expect(scan.status == 0, "\(scan)")
        #expect(Self.names(in: folder.path("out")) == [Self.latin1Name])
        let report = try #require(try JSONSerialization.jsonObject(with: folder.contents("report.json")) as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.first?["input"] as? String == "in/caf\\xe9.png")
        #expect(images.first?["output"] as? String == "out/caf\\xe9.png")

        // A --list whose line holds the byte.
        var list = Data("listed/".utf8)
        list.append(contentsOf: Self.latin1Name)
        list.append(contentsOf: Array("\n".utf8))
        try folder.write(list, to: "list.txt")
        let listed = try CommandRunner(in: folder.url).run(["process", "--list", "list.txt", "--output", "out-list",
                                                            "--size", "16", "--device", "cpu"])
        #expect(listed.status == 0, "\(listed)")
        #expect(Self.names(in: folder.path("out-list")) == [Self.latin1Name])

        // The dry-run plan and an argument typed in a shell (Process takes only String
        // arguments, so sh passes the byte).
        var runner = CommandRunner(in: folder.url)
        runner.executable = URL(fileURLWithPath: "/bin/sh")
        let typed = try runner.run(["-c", #"exec "$0" process "argument/caf$(printf '\351').png" --output out-arg --size 16 --device cpu"#,
                                    GPUGlitchBinary.url.path])
        #expect(typed.status == 0, "\(typed)")
        #expect(Self.names(in: folder.path("out-arg")) == [Self.latin1Name])
        let plan = try CommandRunner(in: folder.url).run(["process", "in", "--output", "plan", "--dry-run"])
        #expect(plan.stdoutLines == ["write\tin/caf\\xe9.png\tplan/caf\\xe9.png"], "\(plan)")
    }

    @Test("a damaged file with such a name fails with one line naming it")
    func failureLine() throws {
        let folder = try TemporaryFolder()
        try Self.write(Data("not an image".utf8), in: folder.path("in"), name: Self.latin1Name)
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "16", "--device", "cpu"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(result.stderrLines.first?.hasPrefix("gpuglitch: in/caf\\xe9.png: ") == true, "\(result)")
    }
}
