import Foundation
import GPUOps

/// Encodes a `BatchReport` as pretty-printed JSON with sorted keys (stable, diffable) and
/// writes it atomically (temporary file, then rename), so a reader never sees half a report.
enum ReportFile {
    static func write(_ report: BatchReport, to path: String) throws {
        try AtomicFileWriter.write([UInt8](try encode(report)), to: path)
    }

    static func encode(_ report: BatchReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
