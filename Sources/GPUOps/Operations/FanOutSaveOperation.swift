import ComputeCore
import ImageCodecs
import OperationChain
import Synchronization

/// Makes and saves every output of one decoded image through `ThumbnailPipeline`'s one path:
/// the image is made resident on the backend once (one upload on a device), each output's
/// steps run from it, and each output's save downloads and writes the result (one download
/// per output). The outputs are made one after another, so only one resized image exists at a
/// time besides the shared input and, where the backend shares the sizes' horizontal passes,
/// their intermediate images.
///
/// A cancelled run stops between outputs. With `defersCommit` saves (the batch runner's), no
/// output is renamed into place here: the caller commits them all once every output was made,
/// or abandons them all.
// @unchecked Sendable: restated from Operation; what changes is in the Mutex `measured`.
public final class FanOutSaveOperation: ChainableOperation<ImageContainer, [SavedImage]>, @unchecked Sendable {
    package let pipeline: ThumbnailPipeline
    package let backend: any ComputeBackend
    /// One save per entry of the pipeline's sizes, in order.
    package let saves: [SaveImageOperation]
    private let measured = Mutex(StageTimings())

    /// Time in the steps (process, downloads included), in encoding and in writing, summed
    /// over the outputs: each stage measured where it runs.
    package var timings: StageTimings { measured.withLock { $0 } }

    /// The outputs of `pipeline`, each written by the save at the same position of `saves` (as
    /// many saves as sizes; otherwise the operation fails with `ImageOperationError.outputCountMismatch`, writing
    /// nothing).
    public init(pipeline: ThumbnailPipeline, backend: any ComputeBackend, saves: [SaveImageOperation],
                input: ImageContainer? = nil) {
        self.pipeline = pipeline
        self.backend = backend
        self.saves = saves
        super.init(input: input)
    }

    public override func execute(_ input: ImageContainer) throws -> [SavedImage] {
        let sizes = pipeline.settings.sizes.count
        guard saves.count == sizes else { throw ImageOperationError.outputCountMismatch(outputs: saves.count, sizes: sizes) }
        var saved: [SavedImage] = []
        saved.reserveCapacity(saves.count)
        let started = StageClock.now
        var inSaves = 0.0
        defer {
            var timings = StageTimings()
            for save in saves {
                timings.process += save.timings.process
                timings.encode += save.timings.encode
                timings.write += save.timings.write
            }
            timings.process += max(0, StageClock.since(started) - inSaves)
            measured.withLock { $0 = timings }
        }
        // Animated when every save's format animates (the batch gives them all one format).
        if !saves.isEmpty, saves.allSatisfy({ pipeline.animates(input, as: $0.format) }) {
            return try saveAnimations(input, measuringSavesIn: &inSaves)
        }
        try pipeline.run(input, on: backend, before: { _ in
            if isCancelled { throw CancellationError() }
        }, each: { index, result in
            let saveStarted = StageClock.now
            defer { inSaves += StageClock.since(saveStarted) }
            saved.append(try saves[index].execute(result))
        })
        return saved
    }

    /// Every output as an animation (`ThumbnailPipeline.runFrames`): each save's encoder is
    /// made at its first frame (its size is the first frame's output size), takes each frame
    /// as it is made, and is finished and written once the last frame went through.
    private func saveAnimations(_ input: ImageContainer, measuringSavesIn inSaves: inout Double) throws -> [SavedImage] {
        var sinks: [(any AnimationSink)?] = Array(repeating: nil, count: saves.count)
        var sizes: [(width: Int, height: Int)] = Array(repeating: (0, 0), count: saves.count)
        var perSave = Array(repeating: StageTimings(), count: saves.count)
        let loopCount = pipeline.loopCount(of: input)
        try pipeline.runFrames(input, on: backend, before: {
            if isCancelled { throw CancellationError() }
        }, each: { index, result, duration in
            let started = StageClock.now
            defer { inSaves += StageClock.since(started) }
            let host = try result.hostImage()
            perSave[index].process += StageClock.since(started)
            let encodeStarted = StageClock.now
            if sinks[index] == nil {
                sinks[index] = try AnimationEncoders.makeEncoder(
                    for: saves[index].format, width: host.width, height: host.height, loopCount: loopCount,
                    metadata: input.metadata, options: saves[index].encoding.options, destination: saves[index].path)
                sizes[index] = (host.width, host.height)
            }
            try sinks[index]?.append(host, duration: duration)
            perSave[index].encode += StageClock.since(encodeStarted)
        })
        var saved: [SavedImage] = []
        for (index, save) in saves.enumerated() {
            // Every output gets the first frame, so every sink exists once `runFrames` returns.
            guard let sink = sinks[index] else {
                throw ImageCodecError(source: save.path, reason: .encodeFailed("the animation has no frame"))
            }
            let started = StageClock.now
            let bytes = try sink.finish()
            perSave[index].encode += StageClock.since(started)
            sinks[index] = nil
            saved.append(try save.store(bytes, width: sizes[index].width, height: sizes[index].height, timings: perSave[index]))
            inSaves += StageClock.since(started)
        }
        return saved
    }
}
