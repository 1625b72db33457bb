import GPUOps
import FuzzSupport

/// `report merge`'s reader: a shard's report, `.json` (one document) or `.jsonl` (a record a
/// line, the totals last), as `ShardReport` reads it, then merged alone into both forms. The
/// first byte picks the shard's form and the merged one's.
///
/// Checked: a shard that is read merges into a report that is read back with as many records.
@_cdecl("FuzzReportMerge_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let flags = input.byte()
        let shardPath = ScratchFile.write(input.rest(), named: flags & 1 != 0 ? "shard.jsonl" : "shard.json")
        let mergedPath = ScratchFile.folder + (flags & 2 != 0 ? "/merged.jsonl" : "/merged.json")
        guard let shard = try? ShardReport(path: shardPath) else { return }
        var records = 0
        do {
            try shard.forEachRecord { _, _ in records += 1 }
        } catch {
            FuzzDriver.require(error is ReportMergeError, "record read failed with \(type(of: error)): \(error)")
            return
        }
        do {
            try ReportMerger.mergeFiles([shardPath], into: mergedPath)
        } catch {
            FuzzDriver.require(false, "a shard read whole does not merge: \(error)")
        }
        var mergedRecords = 0
        do {
            try ShardReport(path: mergedPath).forEachRecord { _, _ in mergedRecords += 1 }
        } catch {
            FuzzDriver.require(false, "the merged report is not read back: \(error)")
        }
        FuzzDriver.require(mergedRecords == records, "\(records) records merged into \(mergedRecords)")
    }
}
