import ComputeCore
import Foundation
import ImageCodecs
import OperationChain
import SystemIO
import Synchronization

/// A file a `SaveImageOperation` wrote.
public struct SavedImage: Sendable, Equatable {
    public package(set) var path: String
    public package(set) var format: ImageFormat
    public package(set) var width: Int
    public package(set) var height: Int
    public package(set) var byteCount: Int
}

/// `EncodeStep` and a durable write as an operation. Brings the pixels to the host (the only download of a device chain), encodes them and
/// writes the file atomically and durably (`AtomicFileWriter`): a temporary file in the target
/// folder, flushed, then renamed. The rename is the commit point: a save that fails before it
/// leaves nothing behind, and the operation succeeds only once it has happened.
///
/// With `defersCommit` (the batch runner) the operation stops short of the flush and rename:
/// the file is written under its temporary name and `takePendingCommit()` hands it over, so
/// that the caller commits it on a thread of its own while the next image is computed, instead
/// of each worker waiting for the disk. Until it is committed, nothing exists under `path`.
// @unchecked Sendable: restated from Operation; what changes is in the Mutex `state`.
public final class SaveImageOperation: ChainableOperation<ImageContainer, SavedImage>, @unchecked Sendable {
    package let path: String
    /// The format, its options and which metadata it writes.
    package let encoding: EncodeStep
    package var format: ImageFormat { encoding.format }
    /// Whether the file is left for the caller to commit (see above).
    package let defersCommit: Bool
    /// The stage times and the file written but not yet committed, inside one lock.
    private struct Progress {
        var timings = StageTimings()
        var pending: AtomicFileWriter.PendingFile?
    }

    private let state = Mutex(Progress())

    /// - Parameters:
    ///   - path: the file to write.
    ///   - format: PNG, JPEG, WebP, AVIF or JPEG XL.
    ///   - quality: JPEG and lossy WebP quality, 1...100.
    ///   - lossless: WebP without loss.
    ///   - pngCompression: how hard PNG output is compressed; the pixels are the same.
    ///   - keep: the metadata blocks written into the file where the format holds them; the
    ///     ICC profile alone by default, as libvips' savers keep it unless told to strip it.
    ///   - defersCommit: whether the written file is left for the caller to commit (see above).
    ///   - input: the image, or nil to take it from the previous operation.
    public convenience init(path: String, format: ImageFormat, quality: Int = 90, lossless: Bool = false,
                pngCompression: PNGCompression = .standard, keep: MetadataKeep = .icc, defersCommit: Bool = false,
                input: ImageContainer? = nil) {
        self.init(path: path, encoding: EncodeStep(format: format, quality: quality, lossless: lossless,
                                                   pngCompression: pngCompression, keep: keep),
                  defersCommit: defersCommit, input: input)
    }

    public init(path: String, encoding: EncodeStep, defersCommit: Bool = false, input: ImageContainer? = nil) {
        self.path = path
        self.encoding = encoding
        self.defersCommit = defersCommit
        super.init(input: input)
    }

    /// Download (counted as process), encode and write times.
    package var timings: StageTimings { state.withLock { $0.timings } }

    /// Once the file is renamed into place, the save reports it, even if the chain was
    /// cancelled meanwhile: the record says ok for every file that exists.
    public override var keepsSuccessWhenCancelled: Bool { true }

    /// With `defersCommit`: the written, uncommitted file, once (nil afterwards, or when the
    /// save did not get that far). The caller must `commit` or `abandon` it.
    package func takePendingCommit() -> AtomicFileWriter.PendingFile? {
        state.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
    }

    public override func execute(_ input: ImageContainer) throws -> SavedImage {
        var t = StageClock.now
        let host = try input.hostImage()
        let download = StageClock.since(t)
        t = StageClock.now
        let bytes = try encoding.encode(host, metadata: input.metadata, destination: path)
        var timings = StageTimings()
        timings.process = download
        timings.encode = StageClock.since(t)
        return try store(bytes, width: host.width, height: host.height, timings: timings)
    }

    /// Writes `bytes`, encoded elsewhere (an animation, frame by frame), as `execute` writes its
    /// own: committed, or left for the caller with `defersCommit`. `timings` holds the process and
    /// encode times spent on it; the write time is added.
    package func store(_ bytes: [UInt8], width: Int, height: Int, timings: StageTimings) throws -> SavedImage {
        let (download, encode) = (timings.process, timings.encode)
        let t = StageClock.now
        let file = try AtomicFileWriter.prepare(bytes, to: path)
        if defersCommit {
            state.withLock { $0.pending = file }
        } else {
            // The rename is the commit point: cancelled before it, nothing is written; after
            // it, the operation succeeds whatever else was cancelled (`keepsSuccessWhenCancelled`).
            if isCancelled {
                file.abandon()
                throw CancellationError()
            }
            try file.commit()
        }
        let write = StageClock.since(t)
        state.withLock {
            $0.timings.process = download
            $0.timings.encode = encode
            $0.timings.write = write
        }
        return SavedImage(path: path, format: format, width: width, height: height, byteCount: bytes.count)
    }
}
