import Foundation
import SystemIO

/// One shard's report as `report merge` reads it: a `.json` report whole, a `.jsonl` report a
/// line at a time (a shard of a million inputs is never in memory whole). `summary` is the
/// report without its records; `forEachRecord` hands them over in order.
package struct ShardReport {
    package let path: String
    package let summary: BatchReport
    package let isJSONLines: Bool
    /// The records of a `.json` report (empty for `.jsonl`, which is read again).
    private let images: [BatchReport.ImageRecord]

    package init(path: String) throws(ReportMergeError) {
        self.path = path
        isJSONLines = ReportStream.isJSONLines(path)
        let decoder = JSONDecoder()
        if !isJSONLines {
            let data: Data
            do {
                data = Data(try OpenFile.readAll(path: path))
            } catch {
                throw ReportMergeError("report merge: cannot read \(path): \(FileLines.reason(error))")
            }
            do {
                var report = try decoder.decode(BatchReport.self, from: data)
                images = report.images
                report.images = []
                summary = report
            } catch {
                throw ReportMergeError("report merge: \(path) is not a gpuglitch report (\(error))")
            }
            return
        }
        // The closing line is the last one; a file without it is a run that did not end.
        var last: [UInt8] = []
        do {
            try FileLines.forEach(in: path) { line in if !line.isEmpty { last = Array(line) } }
        } catch let error as SystemCallError {
            throw ReportMergeError("report merge: cannot read \(path): \(FileLines.reason(error))")
        } catch {
            throw ReportMergeError("report merge: cannot read \(path): \(error)")
        }
        guard let closing = try? decoder.decode(ReportStream.Closing.self, from: Data(last)) else {
            throw ReportMergeError("report merge: \(path) has no totals line (a run that did not end, or not a gpuglitch report)")
        }
        images = []
        summary = closing.report
    }

    /// Each record, in the report's order; for `.jsonl`, `line` is its text as written.
    package func forEachRecord(_ body: (BatchReport.ImageRecord, _ line: ArraySlice<UInt8>?) throws -> Void) throws {
        guard isJSONLines else {
            for image in images { try body(image, nil) }
            return
        }
        let decoder = JSONDecoder()
        var pending: ArraySlice<UInt8>? = nil
        // Every non-empty line but the last (the closing one) is a record.
        try FileLines.forEach(in: path) { line in
            guard !line.isEmpty else { return }
            if let previous = pending {
                guard let record = try? decoder.decode(BatchReport.ImageRecord.self, from: Data(previous)) else {
                    throw ReportMergeError("report merge: \(path): a line is not a report record")
                }
                try body(record, previous)
            }
            pending = line
        }
    }
}
