import ComputeCore
import ComputeDevices
import Foundation
import ImageCodecs
import OperationChain

/// The operations for one image of a batch, and the translation of their outcome into a
/// `BatchItemResult`, with its typed reason (`BatchInputError`) on failure.
struct ImageJob: Sendable {
    let index: Int
    let item: BatchItem
    let settings: ThumbnailSettings
    var backend: any ComputeBackend
    /// Where the saved file is flushed and renamed, after the image's operations have ended
    /// and let go of its pixels; `done` is called there, once the renames happened.
    var committer = FileCommitQueue()
    /// Called when the image's operations have ended (its memory is free), before the file is
    /// committed and `done` is called: the runner starts the next image then.
    var operationsEnded: (@Sendable () -> Void)? = nil
    /// The backend an image is redone on when `backend`, a device, has no memory for it.
    var fallback: any ComputeBackend = CPUFallback.singleThreaded()
    /// Whether the batch gave this image to the CPU because the device had its share.
    var sharedToCPU = false
    /// Adds the retry of an image to the runner's queue, so that cancelling the run cancels it
    /// too; false (nothing added) once the run is cancelled.
    var enqueueRetry: @Sendable (Operation) -> Bool

    var decodeOptions: DecodeOptions { ThumbnailPipeline(settings: settings).decodeOptions }

    /// A compound operation for the image; `done` gets its result, or nil when the run was
    /// cancelled before the image was finished.
    func makeOperation(done: @escaping @Sendable (BatchItemResult?) -> Void) -> Operation {
        let started = StageClock.now
        let load = LoadImageOperation(options: decodeOptions, transferTimeout: settings.downloadTimeout,
                                      sizeLimit: settings.downloadMaxBytes,
                                      decodingFor: (backend: backend, mode: settings.decode))
        let index = self.index, item = self.item
        let pipeline = ThumbnailPipeline(settings: settings, outputFormat: item.format)
        let encoding = pipeline.encode(as: item.format)
        let saves = item.outputs.map { SaveImageOperation(path: $0, encoding: encoding, defersCommit: true) }
        let fanOut = FanOutSaveOperation(pipeline: pipeline, backend: backend, saves: saves)
        let operations: [AnyChainableOperation] = [load, fanOut]
        return CompoundOperation<ImageSource, [SavedImage]>(operations: operations, input: item.source) { outcome in
            var result = BatchItemResult(index: index, item: item, status: .ok, seconds: StageClock.since(started))
            var timings = load.timings
            let made = fanOut.timings
            timings.process = made.process
            timings.encode = made.encode
            timings.write = made.write
            result.timings = timings
            result.sharedToCPU = sharedToCPU
            result.warnings = load.facts?.metadataWarnings ?? []
            if load.facts?.isAnimated == true, let warning = pipeline.firstFrameWarning(writing: item.format) {
                result.warnings.append(warning)
            }
            if let decoded = load.facts?.decodedSize {
                result.decodedWidth = decoded.width
                result.decodedHeight = decoded.height
            }
            result.decodedOnDevice = load.facts?.decodedOnDevice
            result.decodeStage = load.facts?.deviceDecodeStage
            switch outcome {
            case .success(let saved):
                result.outputWidth = saved.first?.width
                result.outputHeight = saved.first?.height
                result.savedOutputs = saved
                operationsEnded?()
                // The renames are the commit point: the result says ok only once all happened
                // (and is reported once their folders are flushed: `DurabilityBarrier`).
                committer.commit(saves.map { $0.takePendingCommit() }, of: result, done: done)
            case .failure(let error):
                // Whatever stopped the chain after the save wrote its temporary file, nothing
                // is committed.
                for save in saves { save.takePendingCommit()?.abandon() }
                if Self.isCancellation(error) {
                    done(nil)
                    return
                }
                if backend.kind != .cpu, Self.isOutOfDeviceResources(error) {
                    // The device ran out of memory for this image (a huge picture on a small
                    // GPU): redo this one image on the CPU, as darktable does per module,
                    // instead of failing it. The bytes are the same either way. This is the
                    // one recovery path for a device out of memory: the operations themselves
                    // do not fall back.
                    var retry = self
                    retry.backend = fallback
                    let retryOperation = retry.makeOperation { retried in
                        done(retried.map { r in
                            var r = r
                            r.seconds = StageClock.since(started)
                            r.fellBackToCPU = true
                            return r
                        })
                    }
                    if !enqueueRetry(retryOperation) { done(nil) }
                    return
                }
                result.status = .failed
                result.error = BatchInputError(chainFailure: error)
                done(result)
            }
        }
    }

    /// Whether a device said it has no room for this image (recoverable on the CPU), as
    /// opposed to an invalid argument, which is a bug and fails loudly.
    static func isOutOfDeviceResources(_ error: any Error) -> Bool {
        if case ChainError.operationFailed(_, let underlying) = error {
            return isOutOfDeviceResources(underlying)
        }
        return CPUFallback.isRecoverable(error)
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if case ChainError.cancelled = error { return true }
        if case ChainError.operationFailed(_, let underlying) = error {
            if case ImageOperationError.fetchFailed(_, .cancelled) = underlying { return true }
        }
        return false
    }
}
