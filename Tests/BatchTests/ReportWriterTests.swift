@testable import GPUOps
import Foundation
import SystemIO
import Testing

/// The two report forms against `JSONEncoder`/`JSONDecoder`, the reference they promise to
/// equal: the `.json` document is what `JSONEncoder` (pretty, sorted keys) makes of the whole
/// `BatchReport`, whatever order the records arrive in; each `.jsonl` line is what it makes
/// (compact, sorted keys) of one record.
@Suite("Report writers")
struct ReportWriterTests {
    static func record(_ i: Int) -> BatchReport.ImageRecord {
        var timings = StageTimings()
        timings.decode = Double(i) / 1000
        timings.write = 0.25
        switch i % 5 {
        case 0:
            return BatchReport.ImageRecord(input: "in/\(i).png", output: "out/\(i).png", status: .ok, seconds: 0.5 + Double(i),
                                           timings: timings, outputWidth: 512, outputHeight: 384)
        case 1:
            return BatchReport.ImageRecord(input: "in/tab\t\"quoted\" \\ é \u{1}\(i).jpg", output: nil, status: .failed,
                                           error: "in/\(i).jpg: not a PNG\nor JPEG", seconds: 0)
        case 2:
            return BatchReport.ImageRecord(input: "in/\(i).png", output: "out/\(i).png", status: .skipped, seconds: 0)
        case 3:
            return BatchReport.ImageRecord(input: "https://h/\(i)", output: "out/\(i).jpg", status: .ok, seconds: 1e-7,
                                           timings: timings, outputWidth: 1, outputHeight: 2, fellBackToCPU: true,
                                           warnings: ["EXIF dropped: not a TIFF structure", "tab\t\"q\""])
        default:
            // Several sizes: the input's outputs listed, written ones with their size.
            let written = i % 2 == 0
            return BatchReport.ImageRecord(input: "in/\(i).png", output: nil, status: written ? .ok : .interrupted,
                                           seconds: 0.125, timings: written ? timings : nil, outputs: [
                .init(path: "out/\(i)_640x480.png", size: "640x480", width: written ? 640 : nil, height: written ? 427 : nil),
                .init(path: "out/\"q\"\(i)_64.png", size: "64", width: written ? 64 : nil, height: written ? 64 : nil),
            ])
        }
    }

    static func report(_ images: [BatchReport.ImageRecord]) -> BatchReport {
        BatchReport(device: "cpu", settings: ReportSettings(ThumbnailSettings(), format: "keep", jobs: 2), images: images,
                    totals: .init(ok: 2, failed: 1, skipped: 1, interrupted: 0, seconds: 3.5, imagesPerSecond: 0.571),
                    transfers: .init(uploads: 0, downloads: 0), shard: "1/2", interrupted: false)
    }

    @Test("a .jsonl line is JSONEncoder's compact, sorted-keys encoding of the record")
    func lineEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for i in 0..<10 {
            let record = Self.record(i)
            let line = ImageRecordLine.encode(record)
            #expect(try JSONDecoder().decode(BatchReport.ImageRecord.self, from: Data(line)) == record)
            #expect(String(decoding: line, as: UTF8.self) == String(decoding: try encoder.encode(record), as: UTF8.self))
        }
    }

    @Test("the .json report equals JSONEncoder's whole document, records handed over in any order", arguments: [0, 1, 3])
    func documentOrder(seed: UInt64) throws {
        let scratch = try Scratch()
        let path = scratch.file("r/report.json")
        let records = (0..<40).map(Self.record)
        let writer = try JSONReportWriter(path: path, device: "cpu", maximumWaiting: 8)
        var positions = Array(records.indices)
        var generator = SeededGenerator(seed: seed)
        if seed != 0 { positions.shuffle(using: &generator) }
        for position in positions { writer.add(records[position], at: position, mayWait: false) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing under the report's name before finish")
        try writer.finish(Self.report([]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(Self.report(records)), as: UTF8.self) + "\n"
        #expect(try scratch.text("r/report.json") == expected)
        #expect(scratch.contents == ["r/report.json"], "no temporary file left")
    }

    @Test("an empty .json report is still JSONEncoder's document")
    func emptyDocument() throws {
        let scratch = try Scratch()
        let writer = try JSONReportWriter(path: scratch.file("e.json"), device: "cpu")
        try writer.finish(Self.report([]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try scratch.text("e.json") == String(decoding: try encoder.encode(Self.report([])), as: UTF8.self) + "\n")
    }

    @Test("abandoning leaves nothing behind")
    func abandon() throws {
        let scratch = try Scratch()
        let writer = try JSONReportWriter(path: scratch.file("a.json"), device: "cpu")
        writer.add(Self.record(0), at: 0, mayWait: false)
        writer.abandon()
        #expect(scratch.contents.isEmpty)
    }

    @Test("a .jsonl report: one line per record as appended, then the closing line with everything else")
    func jsonLines() throws {
        let scratch = try Scratch()
        let path = scratch.file("r.jsonl")
        let stream = try ReportStream(path: path)
        let records = (0..<6).map(Self.record)
        for record in records { stream.append(record) }
        try stream.finish(Self.report([]))
        let lines = try scratch.text("r.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == records.count + 2 && lines.last == "")
        for (line, record) in zip(lines, records) {
            #expect(try JSONDecoder().decode(BatchReport.ImageRecord.self, from: Data(line.utf8)) == record)
        }
        let closing = try JSONDecoder().decode(ReportStream.Closing.self, from: Data(lines[records.count].utf8))
        #expect(closing.report == Self.report([]))
    }

    @Test("a report path that cannot be written is the open call's error, naming the path")
    func unwritable() throws {
        let scratch = try Scratch()
        try scratch.write([1], to: "blocker")
        #expect(throws: SystemCallError("open", path: scratch.file("blocker/r.jsonl"), errno: .notDirectory)) {
            try ReportStream(path: scratch.file("blocker/r.jsonl"))
        }
        #expect(throws: SystemCallError("mkdir", path: scratch.file("blocker/r.json"), errno: .notDirectory)) {
            try JSONReportWriter(path: scratch.file("blocker/r.json"), device: "cpu")
        }
    }
}

/// A small deterministic generator for shuffles.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
