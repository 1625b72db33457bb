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
/// be flushed is released as a failure saying so. A record that says nothing about the disk (a
/// failure) is released at once.
///
/// A flush is made when `groupSize` records are held (by the thread that holds the last, the
/// commit queue) or `maxDelay` seconds after the first record of a group was held (on the
/// queue `schedule` runs work on), whichever comes first: a
/// record waits at most that long, and a batch of small images makes about one folder flush
/// per `groupSize` images or per `maxDelay`, not one per image. The state is in one lock;
/// folders are flushed outside it.
package final class DurabilityBarrier: Sendable {
    private struct State {
        /// Records of written images, in the order their outputs were renamed.
        var held: [BatchItemResult] = []
        /// Folders renamed into by the held records, each once, in the order first seen.
        var folders: [String] = []
        var folderSet: Set<String> = []
        /// Flushes begun so far: a group's deadline flushes only that group, not a later one.
        var group = 0
    }

    private let state = Mutex(State())
    private let calls: any DurabilityCalls
    /// Held records that make a flush due.
    package let groupSize: Int
    /// The longest a record waits for its flush, in seconds (plus the flush itself).
    package let maxDelay: Double
    private let schedule: @Sendable (_ seconds: Double, _ work: @escaping @Sendable () -> Void) -> Void
    private let release: @Sendable (BatchItemResult) -> Void

    /// `schedule` runs work after a delay (the batch: on its commit queue); `release` gets
    /// every record, once, when it may be reported, on the thread that holds or flushes it.
    package init(calls: any DurabilityCalls = SystemDurabilityCalls(), groupSize: Int, maxDelay: Double,
                 schedule: @escaping @Sendable (_ seconds: Double, _ work: @escaping @Sendable () -> Void) -> Void,
                 release: @escaping @Sendable (BatchItemResult) -> Void) {
        self.calls = calls
        self.groupSize = max(1, groupSize)
        self.maxDelay = maxDelay
        self.schedule = schedule
        self.release = release
    }

    /// An image's record, after its outputs were renamed: an ok record is held until a flush
    /// of its outputs' folders; any other is released now. Holding the record and noting its
    /// folders happen under one lock, so a flush that takes the record flushes its folders too.
    /// The first record of a group sets the group's deadline; the `groupSize`th flushes the
    /// group now.
    package func hold(_ result: BatchItemResult) {
        guard result.status == .ok else {
            release(result)
            return
        }
        let (startedGroup, full) = state.withLock { state -> (Int?, Bool) in
            state.held.append(result)
            for output in result.item.outputs {
                let folder = PathSplit(output).folder
                if state.folderSet.insert(folder).inserted { state.folders.append(folder) }
            }
            return (state.held.count == 1 ? state.group : nil, state.held.count >= groupSize)
        }
        if full {
            flush()
        } else if let group = startedGroup {
            schedule(maxDelay) { [self] in _ = flush(onlyGroup: group) }
        }
    }

    /// Records waiting for a flush.
    package var heldCount: Int { state.withLock { $0.held.count } }

    /// Flushes every folder the held records renamed into, then releases those records: ok,
    /// or failed where their folder's flush failed. Returns the failures (each is also in the
    /// record of every image it concerns).
    @discardableResult
    package func flush() -> [SystemCallError] { flush(onlyGroup: nil) }

    /// `flush()`, or nothing when `onlyGroup` is given and that group was flushed already.
    private func flush(onlyGroup: Int?) -> [SystemCallError] {
        let taken = state.withLock { state -> State? in
            if let onlyGroup, onlyGroup != state.group { return nil }
            guard !state.held.isEmpty else { return nil }
            defer { state = State(group: state.group + 1) }
            return state
        }
        guard let taken else { return [] }
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
                result.error = .notDurable(failure)
            }
            release(result)
        }
        return taken.folders.compactMap { failures[$0] }
    }
}
