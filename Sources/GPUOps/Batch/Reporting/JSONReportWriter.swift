import Foundation
import SystemIO

/// Writes the `--report FILE.json` document while the batch runs, without holding the
/// records of a million inputs: each record goes to a temporary file next to the report as
/// soon as every earlier input's has, and the finished file is renamed over the report's path
/// (a reader never sees half a report). The text is what `JSONEncoder` makes of a whole
/// `BatchReport` (pretty-printed, sorted keys: `device` comes before `images`, everything
/// else after, so only `device` is needed before the batch).
///
/// Records arrive by plan position, in any order; the batch keeps few images in flight, so
/// few wait here for an earlier one. Records of inputs that are not processed (failures and
/// skips, handed over while an earlier image may still run) could pile up behind one slow
/// image: `add` waits while `maximumWaiting` are held.
// @unchecked: the mutable fields are touched only while `condition` is locked (a condition
// variable: `add` waits on it, which `Mutex` cannot do).
package final class JSONReportWriter: @unchecked Sendable {
    private let file: AtomicFileWriter.PendingFile
    private let condition = NSCondition()
    private var waiting: [Int: BatchReport.ImageRecord] = [:]
    private var next = 0
    private var wroteRecord = false
    private var failure: SystemCallError?
    private let encoder: JSONEncoder
    package let maximumWaiting: Int

    package init(path: String, device: String, maximumWaiting: Int = 4096) throws(SystemCallError) {
        file = try AtomicFileWriter.begin(path)
        self.maximumWaiting = maximumWaiting
        encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        struct Head: Encodable { var device: String }
        let head = Self.members(of: try? encoder.encode(Head(device: device)))
        write(Array("{\n".utf8) + head + Array(",\n  \"images\" : [".utf8))
    }

    /// Hands over the record of the input at plan position `position` (every position
    /// exactly once).
    package func add(_ record: BatchReport.ImageRecord, at position: Int, mayWait: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while mayWait && waiting.count >= maximumWaiting && position != next { condition.wait() }
        waiting[position] = record
        var flushed = false
        while let ready = waiting.removeValue(forKey: next) {
            writeRecord(ready)
            next += 1
            flushed = true
        }
        if flushed { condition.broadcast() }
    }

    /// Writes what follows the images and renames the file into place.
    package func finish(_ report: BatchReport) throws(SystemCallError) {
        struct Tail: Encodable {
            package var interrupted: Bool
            package var settings: ReportSettings
            package var shard: String?
            package var totals: BatchReport.Totals
            package var transfers: BatchReport.Transfers
        }
        let tail = Self.members(of: try? encoder.encode(Tail(
            interrupted: report.interrupted, settings: report.settings, shard: report.shard,
            totals: report.totals, transfers: report.transfers)))
        condition.withLock {
            // Every position has its record by now; were one missing, the rest still go out.
            for position in waiting.keys.sorted() { writeRecord(waiting[position]!) }
            waiting = [:]
            write(Array((wroteRecord ? "\n  ],\n" : "\n\n  ],\n").utf8) + tail + Array("\n}\n".utf8))
        }
        if let failure = condition.withLock({ failure }) { throw failure }
        try file.commit()
    }

    /// Removes the temporary file (a batch that could not finish its report).
    package func abandon() {
        condition.withLock { if failure == nil { file.abandon() } }
    }

    private func writeRecord(_ record: BatchReport.ImageRecord) {
        guard let encoded = try? encoder.encode(record) else { return }
        var text = Array((wroteRecord ? ",\n" : "\n").utf8)
        text.reserveCapacity(encoded.count + encoded.count / 8)
        // Indented one level deeper than the encoder put it: it sits inside `images`.
        text += [32, 32, 32, 32]
        for byte in encoded {
            text.append(byte)
            if byte == UInt8(ascii: "\n") { text += [32, 32, 32, 32] }
        }
        wroteRecord = true
        write(text)
    }

    private func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do {
            try file.append(bytes)
        } catch {
            failure = error
        }
    }

    /// The lines between the braces of an encoded object (`  "key" : value,` ...).
    private static func members(of data: Data?) -> [UInt8] {
        guard let data, data.count >= 4 else { return [] }
        return Array(data.dropFirst(2).dropLast(2))
    }
}
