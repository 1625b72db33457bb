import GPUOps
import Foundation

/// The one line `process` ends with on standard error, e.g.
/// `gpuglitch: 250 images written, 0 failed, 3 skipped, 55.2 images/s, 4.53 s, device opencl:0 (…)`.
struct SummaryLine {
    var written: Int
    var failed: Int
    var skipped: Int
    /// Inputs never started because the batch was interrupted.
    var notStarted: Int
    var seconds: Double
    /// nil for `--dry-run`, which selects no device.
    var device: String?
    var interrupted: Bool
    /// Temporary files of killed runs removed from the output folders before this one.
    var staleTemporaryFilesRemoved = 0

    var imagesPerSecond: Double { seconds > 0 ? Double(written) / seconds : 0 }

    var text: String {
        var parts = ["\(written) \(written == 1 ? "image" : "images") written",
                     "\(failed) failed", "\(skipped) skipped"]
        if interrupted { parts.append("\(notStarted) not started") }
        parts.append(String(format: "%.1f images/s", imagesPerSecond))
        parts.append(String(format: "%.2f s", seconds))
        if let device { parts.append("device \(device)") }
        if staleTemporaryFilesRemoved > 0 {
            parts.append("\(staleTemporaryFilesRemoved) stale temporary \(staleTemporaryFilesRemoved == 1 ? "file" : "files") removed")
        }
        return "gpuglitch: " + (interrupted ? "interrupted; " : "") + parts.joined(separator: ", ")
    }
}

extension SummaryLine {
    /// The line for a batch that ran on `device`.
    init(_ outcome: BatchOutcome, device: String) {
        self.init(written: outcome.counts.ok, failed: outcome.counts.failed, skipped: outcome.counts.skipped,
                  notStarted: outcome.counts.interrupted, seconds: outcome.seconds, device: device,
                  interrupted: outcome.cancelled, staleTemporaryFilesRemoved: outcome.staleTemporaryFilesRemoved)
    }
}
