import ComputeCore
import Foundation
import ImageCodecs
import OperationChain

/// A file a `SaveImageOperation` wrote.
public struct SavedImage: Sendable, Equatable {
    public var path: String
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var byteCount: Int
}

/// Brings the pixels to the host (the only download of a device chain), encodes them and
/// writes the file atomically: a temporary file in the target folder, then a rename, so an
/// interrupted or failed save leaves nothing behind.
public final class SaveImageOperation: ChainableOperation<PipelineImage, SavedImage>, @unchecked Sendable {
    public let path: String
    public let format: ImageFormat
    /// JPEG quality, 1...100.
    public let quality: Int
    private let state = NSLock()
    private var _timings = StageTimings()

    public init(path: String, format: ImageFormat, quality: Int = 90, input: PipelineImage? = nil) {
        self.path = path
        self.format = format
        self.quality = quality
        super.init(input: input)
    }

    /// Download (counted as process), encode and write times.
    public var timings: StageTimings { state.withLock { _timings } }

    public override func execute(_ input: PipelineImage) throws -> SavedImage {
        var t = StageClock.now
        let host = try input.hostImage()
        let download = StageClock.since(t)
        t = StageClock.now
        let bytes = try ImageEncoder.encode(host, as: format, quality: quality, destination: path)
        let encode = StageClock.since(t)
        t = StageClock.now
        try AtomicFileWriter.write(bytes, to: path)
        let write = StageClock.since(t)
        state.withLock {
            _timings.process = download
            _timings.encode = encode
            _timings.write = write
        }
        return SavedImage(path: path, format: format, width: host.width, height: host.height, byteCount: bytes.count)
    }
}
