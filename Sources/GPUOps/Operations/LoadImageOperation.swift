import ComputeCore
import Foundation
import ImageCodecs
import OperationChain
import Synchronization

/// `DecodeStep` as an operation: reads a file or downloads an http(s) URL and decodes it to a
/// host image with its metadata.
///
/// Asynchronous because a download ends in a callback; a file is read and decoded on the
/// queue's thread. The decoder checks the header against `options.maxPixels` before it
/// allocates, and shrinks JPEGs on load when `options.minimumSize` allows.
// @unchecked Sendable: restated from Operation; what changes is in the Mutex `state`.
public final class LoadImageOperation: AsyncChainableOperation<ImageSource, ImageContainer>, @unchecked Sendable {
    package let options: DecodeOptions
    /// Seconds before a download is abandoned.
    package let timeout: Double
    /// Seconds a whole download may take.
    package let transferTimeout: Double
    /// Largest download accepted, in bytes.
    package let sizeLimit: Int
    private let progress: URLFetcher.Progress?
    /// The backend the image is decoded for, and where JPEGs are decoded (nil: on the host).
    private let target: (backend: any ComputeBackend, mode: DecodeMode)?
    /// What decoding learned and how long reading and decoding took, inside one lock.
    private struct Report {
        var facts: DecodeFacts?
        var timings = StageTimings()
    }

    private let state = Mutex(Report())

    /// - Parameters:
    ///   - source: the input; nil to take it from the previous operation.
    ///   - options: how to decode: size limit, shrink-on-load, orientation, ICC profile.
    ///   - timeout: seconds without data before a download is abandoned.
    ///   - transferTimeout: seconds a whole download may take.
    ///   - sizeLimit: the largest download accepted, in bytes.
    ///   - progress: called with bytes received (and expected, when the server says) during a download.
    public convenience init(source: ImageSource? = nil, options: DecodeOptions = DecodeOptions(), timeout: Double = 30,
                            transferTimeout: Double = 120, sizeLimit: Int = 256 << 20, progress: FetchProgress? = nil) {
        self.init(source: source, options: options, timeout: timeout, transferTimeout: transferTimeout,
                  sizeLimit: sizeLimit, progress: progress, decodingFor: nil)
    }

    /// As the public initialiser; with `decodingFor`, JPEGs are decoded for that backend in that
    /// mode (`DecodeStep.decode(contentsOf:for:)`: on its device when the mode says so).
    package init(source: ImageSource? = nil, options: DecodeOptions = DecodeOptions(), timeout: Double = 30,
                 transferTimeout: Double = 120, sizeLimit: Int = 256 << 20, progress: FetchProgress? = nil,
                 decodingFor target: (backend: any ComputeBackend, mode: DecodeMode)?) {
        self.transferTimeout = transferTimeout
        self.options = options
        self.timeout = timeout
        self.sizeLimit = sizeLimit
        self.progress = progress
        self.target = target
        super.init(input: source)
    }

    /// What decoding learned about the source, once decoded (the output image carries it too).
    package var facts: DecodeFacts? { state.withLock { $0.facts } }
    /// Read (or download) and decode times.
    package var timings: StageTimings { state.withLock { $0.timings } }

    public override func execute(_ input: ImageSource,
                                 completion: @escaping @Sendable (Result<ImageContainer, any Error>) -> Void) {
        switch input {
        case .file(let path):
            completion(Result {
                try decode {
                    guard let target else { return try DecodeStep(options: options).decode(contentsOf: path) }
                    return try DecodeStep(options: options, mode: target.mode).decode(contentsOf: path, for: target.backend)
                }
            })
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
                        try decode {
                            let source = url.absoluteString
                            guard let target else { return try DecodeStep(options: options).decode(bytes, source: source) }
                            return try DecodeStep(options: options, mode: target.mode).decode(bytes, source: source,
                                                                                               for: target.backend)
                        }
                    })
                case .failure(let reason):
                    completion(.failure(ImageOperationError.fetchFailed(source: url.absoluteString, reason: reason)))
                }
            }
        }
    }

    private func decode(_ body: () throws -> ImageContainer) throws -> ImageContainer {
        let started = StageClock.now
        let image = try body()
        state.withLock {
            $0.timings.decode = StageClock.since(started)
            $0.facts = image.facts
        }
        return image
    }
}
