import Foundation
import Synchronization
import SystemIO
import SystemPackage

/// The `--report FILE.jsonl` report: JSON Lines written as the batch goes, so that a crash or
/// `kill -9` at image 900,000 leaves a record of the 899,999 done.
///
/// One object per input, with the keys of the JSON report's `images` entries, written the
/// moment the input ends (inputs that fail before processing or are skipped come first; inputs
/// an interrupt kept from starting come last, as `interrupted`), then one closing object with
/// `totals` (and `device`, `settings`, `transfers`, `shard`, `interrupted`). A written image
/// ends once its outputs would survive a power cut (`BatchRunner`: each output's data flushed,
/// the output renamed, its folder flushed after the rename), so no line says "ok" ahead of
/// the disk. Each line goes to
/// the file with one `write(2)` as soon as it is made: a killed process loses at most the
/// lines of the images in flight, never a line half-written by a later one. The file is
/// written in place (not renamed at the end), so it can be followed while the batch runs.
package final class ReportStream: Sendable {
    package let path: String
    private let descriptor: FileDescriptor
    /// The first failure; once there is one, nothing more is written.
    private let failure = Mutex<SystemCallError?>(nil)

    /// Whether `path` asks for JSON Lines.
    package static func isJSONLines(_ path: String) -> Bool { path.lowercased().hasSuffix(".jsonl") }

    /// Creates (or truncates) the file now, so that a path that cannot be written is known
    /// before any image is processed.
    package init(path: String) throws(SystemCallError) {
        self.path = path
        descriptor = try OpenFile.open(path, .writeOnly, options: [.create, .truncate],
                                       permissions: [.ownerReadWrite, .groupRead, .otherRead])
    }

    deinit { try? descriptor.close() }

    /// Appends a line already written by a report (`report merge` copies shards' lines).
    package func appendLine(_ text: ArraySlice<UInt8>) {
        var line = Array(text)
        line.append(UInt8(ascii: "\n"))
        write(line)
    }

    /// Appends one record line.
    package func append(_ record: BatchReport.ImageRecord) {
        var line = ImageRecordLine.encode(record)
        line.append(UInt8(ascii: "\n"))
        write(line)
    }

    /// The closing line: everything of the JSON report but `images`; then the file is
    /// flushed to the disk.
    package func finish(_ report: BatchReport) throws(SystemCallError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if var line = try? encoder.encode(Closing(report)) {
            line.append(UInt8(ascii: "\n"))
            write(Array(line))
        }
        try failure.withLock { failure throws(SystemCallError) in
            if let failure { throw failure }
            do throws(SystemCallError) {
                try SystemCall.sync(descriptor, path: path, dataOnly: false)
            } catch {
                failure = error
                throw error
            }
        }
    }

    /// One `write(2)` per line (swift-system retries a short one), under the lock, so a
    /// killed process never leaves a line half-written by a later one.
    private func write(_ line: [UInt8]) {
        failure.withLock { failure in
            guard failure == nil else { return }
            do throws(SystemCallError) {
                try OpenFile.writeAll(descriptor, line, path: path)
            } catch {
                failure = error
            }
        }
    }
}

extension ReportStream {
    /// The closing line of a `.jsonl` report: everything of the JSON report but `images`.
    package struct Closing: Codable {
        package var device: String
        package var settings: ReportSettings
        package var totals: BatchReport.Totals
        package var transfers: BatchReport.Transfers
        package var shard: String?
        package var interrupted: Bool

        package init(_ report: BatchReport) {
            device = report.device
            settings = report.settings
            totals = report.totals
            transfers = report.transfers
            shard = report.shard
            interrupted = report.interrupted
        }

        /// The report it closes, without its records.
        package var report: BatchReport {
            BatchReport(device: device, settings: settings, images: [], totals: totals, transfers: transfers,
                        shard: shard, interrupted: interrupted)
        }
    }
}
