@testable import GPUOps
import Foundation
import Testing

/// `report merge` through the library: shards as files, the merged report as a file.
@Suite("Report merger")
struct ReportMergerTests {
    /// A shard's report, written by the writers themselves.
    static func shard(_ scratch: Scratch, _ name: String, records: [BatchReport.ImageRecord], shard: String?,
                      settings: ThumbnailSettings = ThumbnailSettings(), jobs: Int = 2, seconds: Double) throws -> String {
        let path = scratch.file(name)
        let ok = records.filter { $0.status == .ok }.count
        let report = BatchReport(device: "cpu", settings: ReportSettings(settings, format: "png", jobs: jobs), images: [],
                                 totals: .init(ok: ok, failed: records.count - ok, skipped: 0, interrupted: 0,
                                               seconds: seconds, imagesPerSecond: 0),
                                 transfers: .init(uploads: 1, downloads: 2), shard: shard, interrupted: false)
        if ReportStream.isJSONLines(path) {
            let stream = try ReportStream(path: path)
            for record in records { stream.append(record) }
            try stream.finish(report)
        } else {
            let writer = try JSONReportWriter(path: path, device: "cpu")
            for (i, record) in records.enumerated() { writer.add(record, at: i, mayWait: false) }
            try writer.finish(report)
        }
        return path
    }

    static func records(_ range: Range<Int>) -> [BatchReport.ImageRecord] { range.map(ReportWriterTests.record) }

    @Test("a .json and a .jsonl shard into either form: records in the order given, totals summed, seconds the longest",
          arguments: ["merged.json", "merged.jsonl"])
    func merges(output: String) throws {
        let scratch = try Scratch()
        let a = try Self.shard(scratch, "a.json", records: Self.records(0..<3), shard: "1/2", seconds: 2)
        let b = try Self.shard(scratch, "b.jsonl", records: Self.records(3..<7), shard: "2/2", jobs: 8, seconds: 5)
        try ReportMerger.mergeFiles([a, b], into: scratch.file(output))
        let text = try scratch.text(output)
        let merged: BatchReport
        if output.hasSuffix(".jsonl") {
            let lines = text.split(separator: "\n")
            var report = try JSONDecoder().decode(ReportStream.Closing.self, from: Data(lines.last!.utf8)).report
            report.images = try lines.dropLast().map { try JSONDecoder().decode(BatchReport.ImageRecord.self, from: Data($0.utf8)) }
            merged = report
        } else {
            merged = try JSONDecoder().decode(BatchReport.self, from: Data(text.utf8))
        }
        #expect(merged.images == Self.records(0..<7))
        #expect(merged.totals.ok == Self.records(0..<7).filter { $0.status == .ok }.count)
        #expect(merged.totals.failed + merged.totals.ok == 7)
        #expect(merged.totals.seconds == 5)
        #expect(merged.totals.imagesPerSecond == Double(merged.totals.ok) / 5)
        #expect(merged.transfers == .init(uploads: 2, downloads: 4))
        #expect(merged.shard == nil && merged.device == "cpu" && !merged.interrupted)
    }

    @Test("shards made with other image settings are refused")
    func otherSettings() throws {
        let scratch = try Scratch()
        var other = ThumbnailSettings()
        other.sizes = [ThumbnailSize(side: 256)!]
        let a = try Self.shard(scratch, "a.json", records: Self.records(0..<1), shard: "1/2", seconds: 1)
        let b = try Self.shard(scratch, "b.json", records: Self.records(1..<2), shard: "2/2", settings: other, seconds: 1)
        #expect(throws: ReportMergeError("report merge: \(b) was made with other image settings than \(a)")) {
            try ReportMerger.mergeFiles([a, b], into: scratch.file("m.json"))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("m.json")))
    }

    @Test("a shard given twice is refused")
    func twice() throws {
        let scratch = try Scratch()
        let a = try Self.shard(scratch, "a.json", records: Self.records(0..<1), shard: "1/2", seconds: 1)
        let b = try Self.shard(scratch, "b.json", records: Self.records(1..<2), shard: "1/2", seconds: 1)
        #expect(throws: ReportMergeError("report merge: a shard is given twice (1/2, 1/2)")) {
            try ReportMerger.mergeFiles([a, b], into: scratch.file("m.json"))
        }
    }

    @Test("a .jsonl shard without its totals line (a run that did not end) is refused")
    func unfinished() throws {
        let scratch = try Scratch()
        let stream = try ReportStream(path: scratch.file("cut.jsonl"))
        stream.append(ReportWriterTests.record(0))
        #expect(throws: ReportMergeError("report merge: \(scratch.file("cut.jsonl")) has no totals line (a run that did not end, or not a gpuglitch report)")) {
            try ReportMerger.mergeFiles([scratch.file("cut.jsonl")], into: scratch.file("m.jsonl"))
        }
    }

    @Test("a missing shard, a folder and a line that is not a record")
    func unreadable() throws {
        let scratch = try Scratch()
        #expect(throws: ReportMergeError("report merge: cannot read \(scratch.file("none.jsonl")): No such file or directory")) {
            try ReportMerger.mergeFiles([scratch.file("none.jsonl")], into: scratch.file("m.jsonl"))
        }
        try FileManager.default.createDirectory(atPath: scratch.file("d.jsonl"), withIntermediateDirectories: true)
        #expect(throws: ReportMergeError("report merge: cannot read \(scratch.file("d.jsonl")): is a folder")) {
            try ReportMerger.mergeFiles([scratch.file("d.jsonl")], into: scratch.file("m.jsonl"))
        }
        // A .json shard is read whole, through the same POSIX layer and with the same reasons.
        #expect(throws: ReportMergeError("report merge: cannot read \(scratch.file("none.json")): No such file or directory")) {
            try ReportMerger.mergeFiles([scratch.file("none.json")], into: scratch.file("m.jsonl"))
        }
        try FileManager.default.createDirectory(atPath: scratch.file("d.json"), withIntermediateDirectories: true)
        #expect(throws: ReportMergeError("report merge: cannot read \(scratch.file("d.json")): is a folder")) {
            try ReportMerger.mergeFiles([scratch.file("d.json")], into: scratch.file("m.jsonl"))
        }
        let good = try Self.shard(scratch, "g.jsonl", records: Self.records(0..<2), shard: nil, seconds: 1)
        var text = try scratch.text("g.jsonl")
        text = "{\"not\": \"a record\"}\n" + text
        try scratch.write(Array(text.utf8), to: "bad.jsonl")
        _ = good
        #expect(throws: ReportMergeError("report merge: \(scratch.file("bad.jsonl")): a line is not a report record")) {
            try ReportMerger.mergeFiles([scratch.file("bad.jsonl")], into: scratch.file("m.jsonl"))
        }
        #expect(throws: ReportMergeError("report merge: give the shards' reports")) {
            try ReportMerger.mergeFiles([], into: scratch.file("m.jsonl"))
        }
    }
}
