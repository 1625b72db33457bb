import ComputeCore
import Foundation
import ImageCodecs
import OperationChain
import SystemIO
import Synchronization

/// A file a `SaveImageOperation` wrote.
public struct SavedImage: Sendable, Equatable {
    public var path: String
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var byteCount: Int
}

/// Brings the pixels to the host (the only download of a device chain), encodes them and
/// writes the file atomically and durably (`AtomicFileWriter`): a temporary file in the target
/// folder, flushed, then renamed. The rename is the commit point: a save that fails before it
/// leaves nothing behind, and the operation succeeds only once it has happened.
///
/// With `defersCommit` (the batch runner) the operation stops short of the flush and rename:
/// the file is written under its temporary name and `takePendingCommit()` hands it over, so
/// that the caller commits it on a thread of its own while the next image is computed (the
/// wait for the disk cost 5% of a batch's wall time when each worker waited itself). Until it
/// is committed, nothing exists under `path`.
// @unchecked Sendable: restated from Operation; what changes is in the Mutex `state`.
public final class SaveImageOperation: ChainableOperation<PipelineImage, SavedImage>, @unchecked Sendable {
    public let path: String
    public let format: ImageFormat
    /// JPEG and lossy WebP quality, 1...100.
    public let quality: Int
    /// WebP without loss.
    public let lossless: Bool
    /// How hard PNG output is compressed.
    public let pngCompression: PNGCompression
    /// Whether the file is left for the caller to commit (see above).
    public let defersCommit: Bool
    /// The ICC profile to embed, asked for when the image is encoded (so it can come from an
    /// operation earlier in the chain); nil or returning nil: none.
    public let iccProfile: (@Sendable () -> [UInt8]?)?
    /// The stage times and the file written but not yet committed, inside one lock.
    private struct Progress {
        var timings = StageTimings()
        var pending: AtomicFileWriter.PendingFile?
    }

    private let state = Mutex(Progress())

    public init(path: String, format: ImageFormat, quality: Int = 90, lossless: Bool = false,
                pngCompression: PNGCompression = .standard, defersCommit: Bool = false,
                iccProfile: (@Sendable () -> [UInt8]?)? = nil, input: PipelineImage? = nil) {
        self.path = path
        self.format = format
        self.quality = quality
        self.lossless = lossless
        self.pngCompression = pngCompression
        self.defersCommit = defersCommit
        self.iccProfile = iccProfile
        super.init(input: input)
    }

    /// Download (counted as process), encode and write times.
    public var timings: StageTimings { state.withLock { $0.timings } }

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

    public override func execute(_ input: PipelineImage) throws -> SavedImage {
        var t = StageClock.now
        let host = try input.hostImage()
        let download = StageClock.since(t)
        t = StageClock.now
        let bytes = try ImageEncoder.encode(host, metadata: ImageMetadata(iccProfile: iccProfile?()), as: format,
                                            options: EncodeOptions(quality: quality, lossless: lossless,
                                                                   pngCompression: pngCompression),
                                            destination: path)
        let encode = StageClock.since(t)
        t = StageClock.now
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
        return SavedImage(path: path, format: format, width: host.width, height: host.height, byteCount: bytes.count)
    }
}
