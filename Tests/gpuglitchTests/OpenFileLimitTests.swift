import Foundation
import GPUOps
import Testing
import TestSupport

/// Open files stay bounded however many inputs a batch has: each image's temporary file is
/// open until its commit, and commits (one `fdatasync` after another) are slower than small
/// images, so the runner stops starting images while too many wait for their commit.
@Suite("Open files")
struct OpenFileLimitTests {
    @Test("1,500 small images under a limit of 64 open files: all written, not one 'Too many open files'")
    func boundedUnderALowLimit() throws {
        let folder = try TemporaryFolder()
        let png = ImageFiles.noisePNG(width: 8, height: 8, seed: 1)
        for i in 0..<1500 { try folder.write(png, to: "in/i\(i).png") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Before the bound, this run failed 773 of the 1,500 inputs (release build) and, with
        // 20,000 inputs, ended in a crash of libdispatch, which needs descriptors too.
        process.arguments = ["-c", "ulimit -n 64 && exec \"$0\" process in --output out --size 8 --device cpu --no-glitch --quiet --jobs 2",
                             GPUGlitchBinary.url.path]
        process.currentDirectoryURL = folder.url
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr.prefix(2000))")
        #expect(!stderr.contains("Too many open files"))
        #expect(folder.files(under: "out").count == 1500)
    }
}
