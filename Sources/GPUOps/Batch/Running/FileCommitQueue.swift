import Foundation
import SystemIO

/// Where a batch's saves are committed (data flushed, then renamed): one serial queue, so the
/// workers hand the wait for the disk over and go on with the next image. The batch's
/// `DurabilityBarrier` flushes the folders on this queue too (from a commit's `done`, `after`,
/// `drain`), so a folder flush never runs beside a commit or another flush.
package final class FileCommitQueue: Sendable {
    private let queue = DispatchQueue(label: "gpuglitch.file-commit")
    package let calls: any DurabilityCalls

    package init(calls: any DurabilityCalls = SystemDurabilityCalls()) {
        self.calls = calls
    }

    /// Runs `work` on the queue, after the work handed over before it.
    package func run(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// Runs `work` on the queue `seconds` from now.
    package func after(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Commits an image's files in order on the queue (the first failure abandons the rest and
    /// fails `result`, naming `result.item.source`), then hands `result` to `done`, there. The
    /// renames are not durable yet: the folders are flushed by whoever `done` hands it to.
    package func commit(_ files: [AtomicFileWriter.PendingFile?], of result: BatchItemResult,
                        done: @escaping @Sendable (BatchItemResult) -> Void) {
        run { [calls] in
            var result = result
            for file in files {
                guard result.status == .ok else {
                    file?.abandon()
                    continue
                }
                do throws(SystemCallError) {
                    try file?.commit(syncFolder: false, calls: calls)
                } catch {
                    result.status = .failed
                    result.error = .writeFailed(error)
                }
            }
            done(result)
        }
    }

    /// Runs `last` on the queue once every piece of work handed over so far has run, and
    /// returns when it has. Work given to `after` and not yet due is not waited for (the
    /// barrier's deadlines then find their group flushed and do nothing).
    package func drain(then last: () -> Void = {}) { queue.sync(execute: last) }
}
