import ComputeCore
import ImageCodecs
import OperationChain

/// Makes every output of one decoded image: the image is made resident on the backend once
/// (one upload on a device), then each size's operations run from that same image and its
/// save downloads and writes the result (one download per output). The outputs are made one
/// after another, so only one resized image exists at a time besides the shared input and,
/// where the backend shares the sizes' horizontal passes (`resample(_:plans:each:)`: the CPU
/// backend on an opaque photo), their intermediate images.
///
/// A cancelled run stops between outputs. With `defersCommit` saves (the batch runner's), no
/// output is renamed into place here: the caller commits them all once every output was made,
/// or abandons them all.
// @unchecked Sendable: restated from Operation; the stored properties are immutable.
public final class FanOutSaveOperation: ChainableOperation<PipelineImage, [SavedImage]>, @unchecked Sendable {
    public let backend: any ComputeBackend
    /// Each output's operations (scale, effects, glitch) and its save, in output order.
    public let outputs: [(operations: [ChainableOperation<PipelineImage, PipelineImage>], save: SaveImageOperation)]
    /// Set when the saves given do not match the pipeline's sizes: the operation then fails
    /// with it, writing nothing.
    private let mismatch: OutputCountMismatch?

    public init(backend: any ComputeBackend,
                outputs: [(operations: [ChainableOperation<PipelineImage, PipelineImage>], save: SaveImageOperation)],
                input: PipelineImage? = nil) {
        self.backend = backend
        self.outputs = outputs
        mismatch = nil
        super.init(input: input)
    }

    /// The outputs of `pipeline`, one per entry of its settings' sizes, each written by the
    /// save at the same position of `saves` (as many saves as sizes; otherwise the operation
    /// fails with `OutputCountMismatch`). `profile` gives the decoded image's ICC profile to
    /// the sRGB conversion, when the pipeline's settings ask for it.
    public init(pipeline: ThumbnailPipeline, backend: any ComputeBackend, saves: [SaveImageOperation],
                profile: @escaping @Sendable () -> [UInt8]? = { nil }, input: PipelineImage? = nil) {
        let targets = pipeline.targets
        self.backend = backend
        if targets.count == saves.count {
            outputs = zip(targets, saves).map { target, save in
                (operations: pipeline.operations(on: backend, target: target, profile: profile), save: save)
            }
            mismatch = nil
        } else {
            outputs = []
            mismatch = OutputCountMismatch(outputs: saves.count, sizes: targets.count)
        }
        super.init(input: input)
    }

    public override func execute(_ input: PipelineImage) throws -> [SavedImage] {
        if let mismatch { throw mismatch }
        let resident = try backend.makeResident(input)
        var saved: [SavedImage] = []
        saved.reserveCapacity(outputs.count)
        try ThumbnailPipeline.run(outputs.map(\.operations), from: resident, on: backend, before: { _ in
            if isCancelled { throw CancellationError() }
        }, each: { index, result in saved.append(try outputs[index].save.execute(result)) })
        return saved
    }
}

/// Output paths (or saves) that do not match the size entries one to one.
public struct OutputCountMismatch: Error, Equatable, CustomStringConvertible {
    public let outputs: Int
    public let sizes: Int

    public var description: String { "\(outputs) output paths for \(sizes) sizes" }
}
