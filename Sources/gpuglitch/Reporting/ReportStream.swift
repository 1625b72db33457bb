import Foundation
import GPUOps

/// The `--report FILE.jsonl` report: JSON Lines written as the batch goes, so that a crash or
/// `kill -9` at image 900,000 leaves a record of the 899,999 done.
///
/// One object per input, with the keys of the JSON report's `images` entries, written the
/// moment the input ends (inputs that fail before processing or are skipped come first; inputs
/// an interrupt kept from starting come last, as `interrupted`), then one closing object with
/// `totals` (and `device`, `settings`, `transfers`, `shard`, `interrupted`). Each line goes to
/// the file with one `write(2)` as soon as it is made: a killed process loses at most the
/// lines of the images in flight, never a line half-written by a later one. The file is
/// written in place (not renamed at the end), so it can be followed while the batch runs.
final class ReportStream: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let lock = NSLock()
    private let encoder: JSONEncoder
    private var failure: (any Error)?

    /// Whether `path` asks for JSON Lines.
    static func isJSONLines(_ path: String) -> Bool { path.lowercased().hasSuffix(".jsonl") }

    /// Creates (or truncates) the file now, so that a path that cannot be written is known
    /// before any image is processed.
    init(path: String) throws {
        self.path = path
        let fd = PathBytes.withCPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw ReportStreamError(path: path, call: "open", errno: errno) }
        descriptor = fd
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    deinit { close(descriptor) }

    /// Appends a line already written by a report (`report merge` copies shards' lines).
    func appendLine(_ text: ArraySlice<UInt8>) {
        var line = Array(text)
        line.append(UInt8(ascii: "\n"))
        lock.withLock {
            guard failure == nil else { return }
            if let code = line.withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) {
                failure = ReportStreamError(path: path, call: "write", errno: code)
            }
        }
    }

    /// Appends one record line.
    func append(_ record: BatchReport.ImageRecord) {
        var line = ImageRecordLine.encode(record)
        line.append(UInt8(ascii: "\n"))
        lock.withLock {
            guard failure == nil else { return }
            if let code = line.withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) {
                failure = ReportStreamError(path: path, call: "write", errno: code)
            }
        }
    }

    /// The closing line: everything of the JSON report but `images`.
    func finish(_ report: BatchReport) throws {
        write(Closing(report))
        if fsync(descriptor) != 0 { record(ReportStreamError(path: path, call: "fsync", errno: errno)) }
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    private func write(_ value: some Encodable) {
        lock.withLock {
            guard failure == nil else { return }
            do {
                var line = try encoder.encode(value)
                line.append(UInt8(ascii: "\n"))
                try line.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if n < 0 {
                            if errno == EINTR { continue }
                            throw ReportStreamError(path: path, call: "write", errno: errno)
                        }
                        offset += n
                    }
                }
            } catch {
                failure = error
            }
        }
    }

    private func record(_ error: any Error) { lock.withLock { if failure == nil { failure = error } } }
}

extension ReportStream {
    /// The closing line of a `.jsonl` report: everything of the JSON report but `images`.
    struct Closing: Codable {
        var device: String
        var settings: ReportSettings
        var totals: BatchReport.Totals
        var transfers: BatchReport.Transfers
        var shard: String?
        var interrupted: Bool

        init(_ report: BatchReport) {
            device = report.device
            settings = report.settings
            totals = report.totals
            transfers = report.transfers
            shard = report.shard
            interrupted = report.interrupted
        }

        /// The report it closes, without its records.
        var report: BatchReport {
            BatchReport(device: device, settings: settings, images: [], totals: totals, transfers: transfers,
                        shard: shard, interrupted: interrupted)
        }
    }
}

/// A report file that could not be written: the call and the system's reason.
struct ReportStreamError: Error, CustomStringConvertible {
    let path: String
    let call: String
    let errno: Int32
    var description: String { "\(path): \(call): \(String(cString: strerror(errno)))" }
}
