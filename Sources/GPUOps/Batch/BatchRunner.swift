import ComputeCore
import ComputeDevices
import Foundation
import OperationChain
import SystemIO

/// The pipelined batch engine behind `gpuglitch process`.
///
/// Each image is one `CompoundOperation` (load → scale → glitch → save) on a shared
/// `OperationQueue`. At most `maxInFlight` images exist at any time: a producer waits for a
/// free slot before it builds the next image's operations, so memory stays flat for any
/// number of inputs. With `workers` CPU threads decoding and encoding while the device queue
/// runs kernels, decode, device work and encode of different images overlap.
public final class BatchRunner: @unchecked Sendable {
    public let backend: any ComputeBackend
    public let settings: ThumbnailSettings
    /// CPU threads for decoding and encoding (and for the CPU backend's work).
    public let workers: Int
    /// Images in flight at once.
    public let maxInFlight: Int
    /// Images started whose file is not yet committed (flushed and renamed), in flight ones
    /// included. Each holds an open temporary file until its commit, and the commit queue
    /// (one `fdatasync` after another) is slower than the operations on small images: without
    /// this bound a batch of 200,000 thumbnails had 30,000 files open and ran out of
    /// descriptors. With it, memory and open files stay flat for any number of inputs.
    public let maxUncommitted: Int

    private let lock = NSLock()
    private var cancelRequested = false
    private var queue: OperationQueue?

    public init(backend: any ComputeBackend, settings: ThumbnailSettings, workers: Int) {
        // The CPU backend gets its parallelism from running one image per worker; splitting
        // each image's rows over threads as well would only add hand-offs.
        self.backend = backend.kind == .cpu ? CPUFallback.singleThreaded() : backend
        self.settings = settings
        self.workers = max(1, workers)
        // One image per worker. An extra image for device backends (to keep a kernel batch
        // queued while the workers decode) was measured on POCL: no faster, 40 MiB more.
        maxInFlight = max(1, workers)
        maxUncommitted = maxInFlight + 32
    }

    /// Processes `items`, calling `onResult` (serially, from any thread) as each item ends,
    /// and returns when all are done or the run was cancelled. The summary keeps every result.
    public func run(_ items: [BatchItem], onResult: @escaping @Sendable (BatchItemResult) -> Void) -> BatchSummary {
        execute(items, keepingResults: true, onResult: onResult, onAbandoned: { _ in })
    }

    /// Processes `items` as the sequence yields them, for batches of any length: the
    /// sequence is read on the caller's thread only when an image can start (so it may
    /// produce items lazily, from a file), and no result is kept: `onResult` gets each one
    /// (serially, from any thread) and the summary has the counts, with `results` empty.
    /// `onAbandoned` gets the position of every item taken from the sequence that ends
    /// without a result because the run was cancelled; every position taken gets exactly one
    /// of the two calls.
    public func stream(_ items: some Sequence<BatchItem>, onResult: @escaping @Sendable (BatchItemResult) -> Void,
                       onAbandoned: @escaping @Sendable (Int) -> Void) -> BatchSummary {
        execute(items, keepingResults: false, onResult: onResult, onAbandoned: onAbandoned)
    }

    private func execute(_ items: some Sequence<BatchItem>, keepingResults: Bool,
                         onResult: @escaping @Sendable (BatchItemResult) -> Void,
                         onAbandoned: @escaping @Sendable (Int) -> Void) -> BatchSummary {
        let started = StageClock.now
        let before = backend.transfers.snapshot
        let queue = OperationQueue()
        queue.name = "gpuglitch.batch"
        queue.maxConcurrentOperationCount = maxInFlight
        lock.withLock { self.queue = queue }
        let slots = DispatchSemaphore(value: maxInFlight)
        let uncommitted = DispatchSemaphore(value: maxUncommitted)
        let group = DispatchGroup()
        let collector = ResultCollector(capacity: keepingResults ? items.underestimatedCount : nil, onResult: onResult)
        let trimmer = HeapTrimmer()
        let committer = FileCommitQueue()

        for (index, item) in items.enumerated() {
            uncommitted.wait()
            slots.wait()
            if isCancelled {
                slots.signal()
                uncommitted.signal()
                onAbandoned(index)
                break
            }
            group.enter()
            let slot = SlotRelease(slots)
            // The slot is free once the image's operations end; its file is committed after.
            let job = ImageJob(index: index, item: item, settings: settings, backend: backend,
                               committer: committer, operationsEnded: slot.release)
            queue.addOperation(job.makeOperation { result in
                if let result { collector.add(result) } else { onAbandoned(index) }
                trimmer.imageFinished()
                slot.release()
                uncommitted.signal()
                group.leave()
            })
        }
        group.wait()
        // Results arrive just before each operation announces its finish; let the queue
        // see every finish before it is released.
        queue.waitUntilAllOperationsAreFinished()
        lock.withLock { self.queue = nil }
        let after = backend.transfers.snapshot
        // The writes flushed their data before each rename; the renames themselves are made
        // durable here, once per output folder, before anyone reports the files as written.
        for folder in collector.writtenFolders { try? AtomicFileWriter.syncFolder(folder) }
        return BatchSummary(results: collector.results, ok: collector.ok, failed: collector.failed,
                            seconds: StageClock.since(started), cancelled: isCancelled,
                            uploads: after.uploads - before.uploads, downloads: after.downloads - before.downloads)
    }

    /// Stops taking new items and cancels those in flight (a download is abandoned; an image
    /// whose save has not started is not written; a save in progress completes its rename or
    /// removes its temporary file). `run` then returns with `cancelled == true`.
    public func cancel() {
        let queue = lock.withLock { () -> OperationQueue? in
            cancelRequested = true
            return self.queue
        }
        queue?.cancelAllOperations()
    }

    public var isCancelled: Bool { lock.withLock { cancelRequested } }
}

/// Counts results, keeps them when asked, notes the folders written into and hands each
/// result to the caller's callback, one at a time.
private final class ResultCollector: @unchecked Sendable {
    private let lock = NSLock()
    private let onResult: @Sendable (BatchItemResult) -> Void
    private let keepsResults: Bool
    private(set) var results: [BatchItemResult] = []
    private(set) var ok = 0
    private(set) var failed = 0
    /// The folders of the files written, to flush their entries once at the end; as many as
    /// there are output folders, not outputs.
    private(set) var writtenFolders: Set<String> = []
    private var lastFolder: String?

    /// With a `capacity`, results are kept, and room for them is reserved here, on the
    /// caller's thread: grown by appends on the workers' threads, the array was reallocated
    /// inside the workers' heap arenas, between the decoded photos, and its long-lived blocks
    /// kept freed photo memory from going back to the system.
    init(capacity: Int?, onResult: @escaping @Sendable (BatchItemResult) -> Void) {
        self.onResult = onResult
        keepsResults = capacity != nil
        if let capacity { results.reserveCapacity(capacity) }
    }

    func add(_ result: BatchItemResult) {
        lock.withLock {
            switch result.status {
            case .ok:
                ok += 1
                let folder = PathSplit(result.item.output).folder
                if folder != lastFolder {
                    writtenFolders.insert(folder)
                    lastFolder = folder
                }
            case .failed: failed += 1
            case .skipped: break
            }
            if keepsResults { results.append(result) }
            onResult(result)
        }
    }
}

/// Gives an image's slot back exactly once: when its operations end (before its file is
/// committed) or when it is done, whichever comes first.
private final class SlotRelease: @unchecked Sendable {
    private let lock = NSLock()
    private var released = false
    private let slots: DispatchSemaphore

    init(_ slots: DispatchSemaphore) { self.slots = slots }

    func release() {
        let first = lock.withLock { () -> Bool in
            defer { released = true }
            return !released
        }
        if first { slots.signal() }
    }
}

