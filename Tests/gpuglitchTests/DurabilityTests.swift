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
