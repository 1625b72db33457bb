import Synchronization
import SystemIO

/// Holds back each written image's record until its outputs would survive a power cut, so
/// that no report line, progress count or summary says "ok" ahead of the disk.
///
/// An output is durable once its data was flushed (`fdatasync`), it was renamed into place,
/// and its folder was flushed (`fsync`) after the rename. The commit queue does the first two
/// and hands the image's record here (`hold`); the folder flush is done for many images at
/// once (`flush`): every folder renamed into since the last flush is flushed once, then every
/// record held before it began is released, in the order held. A record whose folder could not
/// be flushed is released as a failure saying so.
///
/// The batch flushes when `groupSize` records are held or when the commit queue has nothing
/// more to commit (`committed(idle:)`), so a record waits for at most `groupSize` commits, and
/// a batch of small images, whose commits queue up, makes one folder flush per `groupSize`
/// images instead of one per image. A record that says nothing about the disk (a failure) is
/// released at once. The state is in one lock; folders are flushed outside it.
package final class DurabilityBarrier: Sendable {
    private struct State {
        /// Records of written images, in the order their outputs were renamed.
        var held: [BatchItemResult] = []
        /// Folders renamed into by the held records, each once, in the order first seen.
        var folders: [String] = []
        var folderSet: Set<String> = []
    }

    private let state = Mutex(State())
    private let calls: any DurabilityCalls
    /// Held records that make a flush due.
    package let groupSize: Int
    private let release: @Sendable (BatchItemResult) -> Void

    /// `release` gets every record, once, when it may be reported, on the thread that holds or
    /// flushes it.
    package init(calls: any DurabilityCalls = SystemDurabilityCalls(), groupSize: Int,
                 release: @escaping @Sendable (BatchItemResult) -> Void) {
        self.calls = calls
        self.groupSize = max(1, groupSize)
        self.release = release
    }

    /// An image's record, after its outputs were renamed: an ok record is held until a flush
    /// of its outputs' folders; any other is released now. Holding the record and noting its
    /// folders happen under one lock, so a flush that takes the record flushes its folders too.
    package func hold(_ result: BatchItemResult) {
        guard result.status == .ok else {
            release(result)
            return
        }
        state.withLock { state in
            state.held.append(result)
            for output in result.item.outputs {
                let folder = PathSplit(output).folder
                if state.folderSet.insert(folder).inserted { state.folders.append(folder) }
            }
        }
    }

    /// Records waiting for a flush.
    package var heldCount: Int { state.withLock { $0.held.count } }

    /// The commit queue finished a piece of work (`idle`: nothing more is queued): flushes when
    /// the commits have caught up or `groupSize` records wait.
    package func committed(idle: Bool) {
        if idle || heldCount >= groupSize { flush() }
    }

    /// Flushes every folder the held records renamed into, then releases those records: ok,
    /// or failed where their folder's flush failed. Returns the failures (each flush's error is
    /// in the record of every image it concerns), so the end of a batch can say what failed.
    @discardableResult
    package func flush() -> [SystemCallError] {
        let taken = state.withLock { state -> State in
            defer { state = State() }
            return state
        }
        guard !taken.held.isEmpty else { return [] }
        var failures: [String: SystemCallError] = [:]
        for folder in taken.folders {
            do {
                try calls.syncFolder(folder)
            } catch {
                failures[folder] = error
            }
        }
        for var result in taken.held {
            if let failure = result.item.outputs.lazy.compactMap({ failures[PathSplit($0).folder] }).first {
                result.status = .failed
                result.error = "\(result.item.source): \(failure) (written, but it may not survive a power cut)"
            }
            release(result)
        }
        return taken.folders.compactMap { failures[$0] }
    }
}
