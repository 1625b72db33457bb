import ComputeCore
import Foundation
import ImageCodecs
import OperationChain
import Synchronization

/// Reads a file or downloads an http(s) URL and decodes it to a host image.
///
/// Asynchronous because a download ends in a callback; a file is read and decoded on the
/// queue's thread. The decoder checks the header against `options.maxPixels` before it
/// allocates, and shrinks JPEGs on load when `options.minimumSize` allows.
// @unchecked Sendable: restated from Operation; what changes is in the Mutex `state`.
public final class LoadImageOperation: AsyncChainableOperation<ImageSource, PipelineImage>, @unchecked Sendable {
    public let options: DecodeOptions
    /// Seconds before a download is abandoned.
    public let timeout: Double
    /// Seconds a whole download may take.
    public let transferTimeout: Double
    /// Largest download accepted, in bytes.
    public let sizeLimit: Int
    private let progress: URLFetcher.Progress?
    /// What the decoder reported and how long reading and decoding took, inside one lock.
    private struct Report {
        var decoded: DecodedImageInfo?
        var timings = StageTimings()
    }

    private let state = Mutex(Report())

    /// What the decoder reported, once finished.
    public struct DecodedImageInfo: Sendable {
        public var format: ImageFormat
        public var sourceWidth: Int
        public var sourceHeight: Int
        public var scaleDenominator: Int
        /// The input's ICC profile, when `options.readsICCProfile` asked for it.
        public var iccProfile: [UInt8]?
    }

    /// - Parameters:
    ///   - source: the input; nil to take it from the previous operation.
    ///   - options: how to decode: size limit, shrink-on-load, orientation, ICC profile.
    ///   - timeout: seconds without data before a download is abandoned.
    ///   - transferTimeout: seconds a whole download may take.
    ///   - sizeLimit: the largest download accepted, in bytes.
    ///   - progress: called with bytes received (and expected, when the server says) during a download.
    public init(source: ImageSource? = nil, options: DecodeOptions = DecodeOptions(), timeout: Double = 30,
                transferTimeout: Double = 120, sizeLimit: Int = 256 << 20, progress: FetchProgress? = nil) {
        self.transferTimeout = transferTimeout
        self.options = options
        self.timeout = timeout
        self.sizeLimit = sizeLimit
        self.progress = progress
        super.init(input: source)
    }

    public var decoded: DecodedImageInfo? { state.withLock { $0.decoded } }
    /// Read (or download) and decode times.
    public var timings: StageTimings { state.withLock { $0.timings } }

    public override func execute(_ input: ImageSource,
                                 completion: @escaping @Sendable (Result<PipelineImage, any Error>) -> Void) {
        switch input {
        case .file(let path):
            completion(Result { try decode { try ImageDecoder.decode(contentsOf: path, options: options) } })
        case .url(let url):
            let started = StageClock.now
            let fetcher = URLFetcher(url: url, timeout: timeout, transferTimeout: transferTimeout, sizeLimit: sizeLimit,
                                     progress: progress)
            // A cancelled download ends the operation at once, whatever the network does
            // afterwards (a completion after the first one is ignored by the chain).
            whenCancelled {
                fetcher.cancel()
                completion(.failure(ImageOperationError.fetchFailed(source: url.absoluteString, reason: .cancelled)))
            }
            fetcher.start { [self] result in
                state.withLock { $0.timings.read = StageClock.since(started) }
                switch result {
                case .success(let bytes):
                    completion(Result {
                        try decode { try ImageDecoder.decode(data: bytes, source: url.absoluteString, options: options) }
                    })
                case .failure(let reason):
                    completion(.failure(ImageOperationError.fetchFailed(source: url.absoluteString, reason: reason)))
                }
            }
        }
    }

    private func decode(_ body: () throws -> DecodedImage) throws -> PipelineImage {
        let started = StageClock.now
        let d = try body()
        state.withLock {
            $0.timings.decode = StageClock.since(started)
            $0.decoded = DecodedImageInfo(format: d.format, sourceWidth: d.sourceWidth, sourceHeight: d.sourceHeight,
                                        scaleDenominator: d.scaleDenominator, iccProfile: d.iccProfile)
        }
        return .host(d.image)
    }
}
