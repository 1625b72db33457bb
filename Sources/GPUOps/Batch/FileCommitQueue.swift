import Foundation
import Synchronization
import SystemIO

/// Where a batch's saves are committed (data flushed, then renamed): one serial queue, so the
/// workers hand the wait for the disk over and go on with the next image. After each piece of
/// work it tells `afterEach` whether more is queued; the batch's `DurabilityBarrier` flushes
/// the folders then (see there), on this queue, so a folder flush never runs beside a rename.
package final class FileCommitQueue: Sendable {
    private let queue = DispatchQueue(label: "gpuglitch.file-commit")
    /// Pieces of work handed over and not yet finished.
    private let queued = Mutex(0)
    package let calls: any DurabilityCalls
    private let afterEach: @Sendable (_ idle: Bool) -> Void

    /// `afterEach` runs on the queue after each piece of work; `idle`: none is queued after it.
    package init(calls: any DurabilityCalls = SystemDurabilityCalls(),
                 afterEach: @escaping @Sendable (_ idle: Bool) -> Void = { _ in }) {
        self.calls = calls
        self.afterEach = afterEach
    }

    /// Runs `work` on the queue, after the work handed over before it.
    package func run(_ work: @escaping @Sendable () -> Void) {
        queued.withLock { $0 += 1 }
        queue.async { [self] in
            work()
            let idle = queued.withLock { count in
                count -= 1
                return count == 0
            }
            afterEach(idle)
        }
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
                do {
                    try file?.commit(syncFolder: false, calls: calls)
                } catch {
                    result.status = .failed
                    result.error = "\(result.item.source): \(error)"
                }
            }
            done(result)
        }
    }

    /// Returns once every piece of work handed over so far has run (and its `afterEach`).
    package func drain() { queue.sync {} }
}
