import SystemIO

/// Why `report merge` could not merge: one line for the user.
package struct ReportMergeError: Error, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// `report merge`: one report from the reports of the shards of a batch, as if one run had
/// done them all.
package enum ReportMerger {
    /// Reads the shards' reports (`.json` whole, `.jsonl` a line at a time) and writes the
    /// merged one in the form `output`'s name asks for, streamed: the images of all reports
    /// in the order given, totals summed (seconds: the longest shard, as shards run side by
    /// side), transfers summed, interrupted if any shard was.
    package static func mergeFiles(_ reports: [String], into output: String) throws(ReportMergeError) {
        guard !reports.isEmpty else { throw ReportMergeError("report merge: give the shards' reports") }
        var shards: [ShardReport] = []
        for path in reports { shards.append(try ShardReport(path: path)) }
        let merged = try merge(shards.map(\.summary), names: reports)
        do {
            if ReportStream.isJSONLines(output) {
                let stream = try ReportStream(path: output)
                for shard in shards {
                    try shard.forEachRecord { record, line in
                        if let line { stream.appendLine(line) } else { stream.append(record) }
                    }
                }
                try stream.finish(merged)
            } else {
                let document = try JSONReportWriter(path: output, device: merged.device)
                var position = 0
                do {
                    for shard in shards {
                        try shard.forEachRecord { record, _ in
                            document.add(record, at: position, mayWait: false)
                            position += 1
                        }
                    }
                } catch {
                    document.abandon()
                    throw error
                }
                try document.finish(merged)
            }
        } catch let error as ReportMergeError {
            throw error
        } catch {
            throw ReportMergeError("report merge: cannot write \(output): \(error)")
        }
    }

    /// The merged report from the shards' summaries; its `images` are those the summaries
    /// hold (none for summaries without records: the caller streams them). The image settings
    /// must agree (the worker count may differ from machine to machine), and no shard may be
    /// given twice.
    package static func merge(_ reports: [BatchReport], names: [String]) throws(ReportMergeError) -> BatchReport {
        let first = reports[0]
        func imageSettings(_ r: BatchReport) -> ReportSettings { var s = r.settings; s.jobs = 0; return s }
        for (report, name) in zip(reports, names) where imageSettings(report) != imageSettings(first) {
            throw ReportMergeError("report merge: \(name) was made with other image settings than \(names[0])")
        }
        let shards = reports.compactMap(\.shard)
        if Set(shards).count != shards.count {
            throw ReportMergeError("report merge: a shard is given twice (\(shards.joined(separator: ", ")))")
        }
        let images = reports.flatMap(\.images)
        let seconds = reports.map(\.totals.seconds).max() ?? 0
        let ok = reports.map(\.totals.ok).reduce(0, +)
        let totals = BatchReport.Totals(
            ok: ok, failed: reports.map(\.totals.failed).reduce(0, +),
            skipped: reports.map(\.totals.skipped).reduce(0, +),
            interrupted: reports.map(\.totals.interrupted).reduce(0, +),
            seconds: seconds, imagesPerSecond: seconds > 0 ? Double(ok) / seconds : 0)
        let devices = Array(Set(reports.map(\.device))).sorted()
        return BatchReport(
            device: devices.joined(separator: ", "), settings: first.settings, images: images, totals: totals,
            transfers: .init(uploads: reports.map(\.transfers.uploads).reduce(0, +),
                             downloads: reports.map(\.transfers.downloads).reduce(0, +)),
            shard: nil, interrupted: reports.contains(where: \.interrupted))
    }
}
