import Foundation

/// Encodes a `BatchReport` as pretty-printed JSON with sorted keys (stable, diffable) and
/// writes it atomically.
enum ReportFile {
    static func write(_ report: BatchReport, to path: String) throws {
        try AtomicFileWriter.write(try encode(report), to: path)
    }

    static func encode(_ report: BatchReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
