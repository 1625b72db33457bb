import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A second SIGINT or SIGTERM ends the process at once, even when the first cannot: here the
/// batch blocks for ever writing its JSON Lines report into a pipe nobody reads (as a batch
/// blocks in a driver call that never returns), so the clean stop the first signal asks for
/// never comes. Every step waits on something the test can see (a report record, the notice
/// of the first signal), never on a sleep.
@Suite struct SecondSignalTests {
    /// Records, about 100 to 300 bytes each, far more than a pipe holds (64 KiB on Linux):
    /// the process must block in `write(2)` whatever the machine's speed.
    static let inputCount = 1500

    @Test("a second signal exits at once with 130 while the first one's clean stop is blocked; the records written are true")
    func secondSignalEndsABlockedBatch() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 3, height: 2, seed: 4), to: "one.png")
        for index in 0..<Self.inputCount { try folder.link(String(format: "in/%04d.png", index), to: "../one.png") }
        let report = folder.path("report.jsonl")
        try #require(mkfifo(report, 0o600) == 0)
        // Opened before the writer exists, without blocking; read only up to the first record.
        let fd = open(report, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }

        let running = try CommandRunner(in: folder.url).start(
            ["process", "in", "--output", "out", "--device", "cpu", "--size", "4", "--jobs", "1", "--report", "report.jsonl"])
        var received = Data()
        let deadline = Date().addingTimeInterval(120)
        while !received.contains(UInt8(ascii: "\n")) && Date() < deadline && running.process.isRunning {
            received.append(contentsOf: Self.read(fd, waitingUpTo: 100))
        }
        try #require(received.contains(UInt8(ascii: "\n")), "no report record\n\(running.stderrSoFar)")

        running.signal(SIGTERM)
        while !running.stderrSoFar.contains("interrupt again to exit at once") && Date() < deadline
                && running.process.isRunning {
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(running.stderrSoFar.contains("gpuglitch: stopping after the images in progress; interrupt again to exit at once"))
        // Still blocked on the full pipe: the first signal alone cannot end it.
        try #require(running.process.isRunning, "\(running.stderrSoFar)")

        running.signal(SIGINT)
        let result = running.wait(timeout: 60)
        #expect(running.process.terminationReason == .exit, "exits by itself, not killed by the signal\n\(result)")
        #expect(result.status == 130, "\(result)")

        // Everything the report says is true: whole lines only, and every "ok" output exists
        // complete. (The outputs of records never written may exist too, complete.)
        while true {
            let more = Self.read(fd, waitingUpTo: 1000)
            if more.isEmpty { break }
            received.append(contentsOf: more)
        }
        #expect(received.last == UInt8(ascii: "\n"), "the report ends with a whole record")
        let records = try received.split(separator: UInt8(ascii: "\n")).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        #expect(!records.isEmpty && records.count < Self.inputCount, "\(records.count) records")
        let written = Set(folder.files(under: "out"))
        for record in records {
            let status = record["status"] as? String
            #expect(status == "ok" || status == "interrupted", "\(record)")
            if status == "ok", let output = record["output"] as? String {
                let name = URL(fileURLWithPath: output).lastPathComponent
                #expect(written.contains(name), "\(name) is recorded ok and exists")
                #expect(ImageFiles.isCompletePNG(try folder.contents("out/\(name)")), "\(name) is complete")
            }
        }
    }

    /// Up to one pipe's worth of bytes, waiting at most `milliseconds` for some; empty at the
    /// end of the data (no writer left) or when none came in time.
    static func read(_ fd: Int32, waitingUpTo milliseconds: Int32) -> [UInt8] {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(fd, &buffer, buffer.count)
        return count > 0 ? Array(buffer[..<count]) : []
    }
}
