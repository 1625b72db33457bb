import ComputeCore
import ComputeDevices
import Foundation
import OperationChain
import SystemIO
import Synchronization

/// The pipelined batch engine behind `gpuglitch process`.
///
/// Each image is one `CompoundOperation` (load → scale → glitch → save) on a shared
/// `OperationQueue`. At most `maxInFlight` images exist at any time: a producer waits for a
/// free slot before it builds the next image's operations, so memory stays flat for any
/// number of inputs. With `workers` CPU threads decoding and encoding while the device queue
/// runs kernels, decode, device work and encode of different images overlap.
package final class BatchRunner: Sendable {
    /// What each image runs on: the device, or a CPU backend with `cpuThreadsPerImage` threads.
    package let backend: any ComputeBackend
    package let settings: ThumbnailSettings
    /// CPU threads for decoding and encoding (and for the CPU backend's work).
    package let workers: Int
    /// Images in flight at once.
    package let maxInFlight: Int
    /// Images started whose file is not yet committed (flushed and renamed), in flight ones
    /// included. Each holds an open temporary file until its commit, and the commit queue
    /// (one `fdatasync` after another) can be slower than the operations on small images:
    /// without a bound, a long batch of small images would pile up open files until it runs
    /// out of descriptors. With it, memory and open files stay flat for any number of inputs.
    package let maxUncommitted: Int
    /// How many written images' records may wait for a flush of their folders
    /// (`DurabilityBarrier`): a batch of small images flushes its folders once per this many
    /// images (or `recordDelay`), instead of once per image.
    package let recordGroup = 32
    /// The longest, in seconds, a written image's record waits for that flush.
    package let recordDelay = 0.1
    /// Images between two returns of freed heap memory to the system; nil: never.
    package let heapTrimInterval: Int?
    /// The flushes and renames (a test records their order or makes one fail).
    let calls: any DurabilityCalls

    /// The CPU backend an image is redone on when the device has no memory for it.
    let fallback: any ComputeBackend
    /// The CPU backend of the images that `deviceShare` sends past the device.
    let cpu: any ComputeBackend
    /// Which images run on the device and which on `cpu` (`.all` when the device is the CPU).
    package let deviceShare: DeviceShare

    /// Whether `cancel()` was called, and the queue of the run in progress.
    private struct RunState {
        var cancelRequested = false
        var queue: OperationQueue?
    }

    private let state = Mutex(RunState())

    /// A runner on `device`: images run there, or, when `device` is the CPU, on a CPU backend
    /// of `cpuThreadsPerImage` threads (`workers` images at once), as do images a device has
    /// no memory for. `heapTrimInterval`: see `HeapTrimmer`; `calls`: the flushes and renames
    /// that make outputs durable (tests pass their own, or their own `fallback`).
    package init(device: any ComputeBackend, settings: ThumbnailSettings, workers: Int, cpuThreadsPerImage: Int = 1,
                 deviceShare: DeviceShare = .all,
                 heapTrimInterval: Int? = HeapTrimmer.standardInterval, fallback: (any ComputeBackend)? = nil,
                 calls: any DurabilityCalls = SystemDurabilityCalls()) {
        let cpu = CPUBackend(threads: max(1, cpuThreadsPerImage))
        self.cpu = cpu
        self.fallback = fallback ?? cpu
        self.deviceShare = device.kind == .cpu ? .all : deviceShare
        self.calls = calls
        backend = device.kind == .cpu ? cpu : device
        self.settings = settings
        self.workers = max(1, workers)
        self.heapTrimInterval = heapTrimInterval
        // One image per worker; more in flight adds memory, not speed (docs/BENCHMARKS.md).
        maxInFlight = max(1, workers)
        maxUncommitted = maxInFlight + 32
    }

    /// A runner with the batch's defaults (`BatchJob`'s): one CPU thread per image, heap trimmed
    /// every `HeapTrimmer.standardInterval` images.
    package convenience init(backend: any ComputeBackend, settings: ThumbnailSettings, workers: Int,
                             fallback: (any ComputeBackend)? = nil,
                             calls: any DurabilityCalls = SystemDurabilityCalls()) {
        self.init(device: backend, settings: settings, workers: workers, fallback: fallback, calls: calls)
    }

    /// Processes `items`, calling `onResult` (serially, from any thread) as each item ends,
    /// and returns when all are done or the run was cancelled. The summary keeps every result.
    ///
    /// An ok result is handed over only once its outputs are durable: each file's data
    /// flushed, the file renamed into place, and its folder flushed after the rename (for
    /// several images at once). A folder that cannot be flushed fails the images written into
    /// it, with the reason.
    package func run(_ items: [BatchItem], onResult: @escaping @Sendable (BatchItemResult) -> Void) -> BatchSummary {
        execute(items, keepingResults: true, onResult: onResult, onAbandoned: { _ in })
    }

    /// Processes `items` as the sequence yields them, for batches of any length: the
    /// sequence is read on the caller's thread only when an image can start (so it may
    /// produce items lazily, from a file), and no result is kept: `onResult` gets each one
    /// (serially, from any thread; an ok one once its outputs are durable, as for `run`) and
    /// the summary has the counts, with `results` empty.
    /// `onAbandoned` gets the position of every item taken from the sequence that ends
    /// without a result because the run was cancelled; every position taken gets exactly one
    /// of the two calls.
    package func stream(_ items: some Sequence<BatchItem>, onResult: @escaping @Sendable (BatchItemResult) -> Void,
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
        state.withLock { $0.queue = queue }
        let slots = DispatchSemaphore(value: maxInFlight)
        let router = BackendRouter(share: deviceShare)
        let uncommitted = DispatchSemaphore(value: maxUncommitted)
        let group = DispatchGroup()
        let collector = ResultCollector(capacity: keepingResults ? items.underestimatedCount : nil, onResult: onResult)
        let trimmer = heapTrimInterval.map { HeapTrimmer(interval: $0) }
        // Results go to the collector through the barrier: an ok one once its folders are
        // flushed, on the commit queue, when enough records wait or the first has waited long
        // enough.
        let committer = FileCommitQueue(calls: calls)
        let barrier = DurabilityBarrier(calls: calls, groupSize: recordGroup, maxDelay: recordDelay,
                                        schedule: committer.after, release: collector.add)

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
            let route = router.take()
            // The slot is free once the image's operations end; its file is committed after.
            var job = ImageJob(index: index, item: item, settings: settings, backend: route == .device ? backend : cpu,
                               committer: committer, operationsEnded: slot.release, fallback: fallback,
                               enqueueRetry: { [self] retry in enqueueUnlessCancelled(retry) })
            job.sharedToCPU = route == .cpu
            queue.addOperation(job.makeOperation { result in
                if let result { barrier.hold(result) } else { onAbandoned(index) }
                router.ended(route, seconds: result.flatMap { $0.status == .ok && !$0.fellBackToCPU ? $0.seconds : nil },
                             decodedPixels: result.flatMap { r in r.decodedWidth.flatMap { w in r.decodedHeight.map { w * $0 } } })
                trimmer?.imageFinished()
                slot.release()
                uncommitted.signal()
                group.leave()
            })
        }
        group.wait()
        // Results arrive just before each operation announces its finish; let the queue
        // see every finish before it is released.
        queue.waitUntilAllOperationsAreFinished()
        state.withLock { $0.queue = nil }
        let after = backend.transfers.snapshot
        // The final flush, after the last commits, for the records still held: a folder that
        // cannot be flushed fails its images' records (never reported ok).
        committer.drain { barrier.flush() }
        return BatchSummary(results: collector.results, ok: collector.ok, failed: collector.failed,
                            seconds: StageClock.since(started), cancelled: isCancelled,
                            uploads: after.uploads - before.uploads, downloads: after.downloads - before.downloads)
    }

    /// Stops taking new items and cancels those in flight (a download is abandoned; an image
    /// whose save has not started is not written; a save in progress completes its rename or
    /// removes its temporary file). `run` then returns with `cancelled == true`.
    package func cancel() {
        let queue = state.withLock { state -> OperationQueue? in
            state.cancelRequested = true
            return state.queue
        }
        queue?.cancelAllOperations()
    }

    package var isCancelled: Bool { state.withLock { $0.cancelRequested } }

    /// Adds `operation` (an image's CPU retry) to the run's queue unless the run is cancelled,
    /// so `cancel()` reaches it like every other image: under the same lock as `cancel()`'s
    /// flag, so an operation added here is either refused or on the queue when `cancel()`
    /// cancels the queue's operations.
    private func enqueueUnlessCancelled(_ operation: Operation) -> Bool {
        state.withLock { state in
            guard !state.cancelRequested, let queue = state.queue else { return false }
            queue.addOperation(operation)
            return true
        }
    }
}

/// Counts results, keeps them when asked and hands each result to the caller's callback, one
/// at a time.
private final class ResultCollector: Sendable {
    private struct Tally {
        var results: [BatchItemResult] = []
        var ok = 0
        var failed = 0
    }

    private let tally: Mutex<Tally>
    private let onResult: @Sendable (BatchItemResult) -> Void
    private let keepsResults: Bool

    /// With a `capacity`, results are kept, and room for them is reserved here, on the
    /// caller's thread, not grown by appends on the workers' threads: a long-lived array
    /// reallocated in the workers' heap arenas, among the decoded images, keeps their freed
    /// memory from going back to the system (docs/BENCHMARKS.md).
    init(capacity: Int?, onResult: @escaping @Sendable (BatchItemResult) -> Void) {
        self.onResult = onResult
        keepsResults = capacity != nil
        var tally = Tally()
        if let capacity { tally.results.reserveCapacity(capacity) }
        self.tally = Mutex(tally)
    }

    var results: [BatchItemResult] { tally.withLock { $0.results } }
    var ok: Int { tally.withLock { $0.ok } }
    var failed: Int { tally.withLock { $0.failed } }

    /// Counts `result` and hands it to the callback, inside the lock: the callback is called
    /// serially, in the order the results are counted.
    func add(_ result: BatchItemResult) {
        let keepsResults = self.keepsResults, onResult = self.onResult
        tally.withLock { tally in
            switch result.status {
            case .ok: tally.ok += 1
            case .failed: tally.failed += 1
            case .skipped: break
            }
            if keepsResults { tally.results.append(result) }
            onResult(result)
        }
    }
}

/// Gives an image's slot back exactly once: when its operations end (before its file is
/// committed) or when it is done, whichever comes first.
private final class SlotRelease: Sendable {
    private let released = Mutex(false)
    private let slots: DispatchSemaphore

    init(_ slots: DispatchSemaphore) { self.slots = slots }

    func release() {
        let first = released.withLock { released -> Bool in
            defer { released = true }
            return !released
        }
        if first { slots.signal() }
    }
}
