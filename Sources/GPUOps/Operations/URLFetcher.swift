import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why fetching an http(s) input failed.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Only http and https are fetched.
    case unsupportedScheme(String)
    /// The server answered with a status other than 2xx.
    case httpStatus(Int)
    /// The body is larger than the limit (known from Content-Length or counted while reading).
    case tooLarge(limit: Int)
    /// No data for the idle time-out.
    case timedOut(seconds: Double)
    /// The whole transfer took longer than its limit (a server that drips its answer).
    case transferTooSlow(seconds: Double)
    /// DNS, connection or transport failure, with the system's words.
    case transport(String)
    /// The fetch was cancelled by the caller.
    case cancelled

    public var description: String {
        switch self {
        case .unsupportedScheme(let s): "unsupported URL scheme '\(s)' (only http and https)"
        case .httpStatus(let code):
            "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code))"
        case .tooLarge(let limit):
            limit >= 1 << 20 && limit % (1 << 20) == 0 ? "download larger than the \(limit >> 20) MiB limit"
                : "download larger than the limit of \(limit) bytes"
        case .timedOut(let s): "no answer within \(Int(s)) s"
        case .transferTooSlow(let s): "download not finished within \(Int(s)) s"
        case .transport(let message): message
        case .cancelled: "download cancelled"
        }
    }
}

/// Reports of a download's progress: bytes received so far, and the whole size when the
/// server says (`LoadImageOperation`'s `progress`).
public typealias FetchProgress = @Sendable (_ received: Int, _ expected: Int?) -> Void

/// Downloads one http(s) resource into memory with two time-outs (idle: no data for `timeout`
/// seconds; whole transfer: not finished in `transferTimeout`, so a server that sends a byte
/// every few seconds cannot hold a worker for hours), a size limit (refused at Content-Length,
/// aborted while streaming past it, so memory stays bounded by the limit) and progress
/// reports. A session per fetch keeps the delegate's state private to that fetch; the session
/// is invalidated when it ends so nothing outlives it.
// @unchecked Sendable: a delegate must be an NSObject; what changes is in the Mutex `state`.
package final class URLFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    package typealias Progress = FetchProgress
    package typealias Completion = @Sendable (Result<[UInt8], FetchError>) -> Void

    package let url: URL
    /// Seconds without data before the fetch fails.
    package let timeout: Double
    /// Seconds the whole transfer may take.
    package let transferTimeout: Double
    package let sizeLimit: Int
    private let progress: Progress?
    /// What the fetch has received and how it stands, inside one lock.
    private struct State {
        var body = [UInt8]()
        var expected: Int?
        var failure: FetchError?
        var completion: Completion?
        var session: URLSession?
        var task: URLSessionTask?
    }

    private let state = Mutex(State())

    package init(url: URL, timeout: Double = 30, transferTimeout: Double = 120, sizeLimit: Int = 256 << 20,
                 progress: Progress? = nil) {
        self.url = url
        self.timeout = timeout
        self.transferTimeout = transferTimeout
        self.sizeLimit = sizeLimit
        self.progress = progress
    }

    /// Starts the download; `completion` runs once, on a session thread (or at once, on this
    /// thread, when the fetch was cancelled before it started).
    package func start(completion: @escaping Completion) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            completion(.failure(.unsupportedScheme(url.scheme ?? "")))
            return
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Creating and resuming the task under the lock means `cancel()` either comes first
        // (and the fetch never starts) or finds a running task to cancel: there is no moment
        // in which a cancel could be lost and the fetch wait forever.
        let url = self.url
        let cancelledEarly = state.withLock { [self] state -> Bool in
            if state.failure == .cancelled { return true }
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            state.completion = completion
            state.session = session
            let task = session.dataTask(with: url)
            state.task = task
            task.resume()
            return false
        }
        if cancelledEarly {
            completion(.failure(.cancelled))
            return
        }
        // The whole-transfer limit: URLSession's resource time-out is not enforced by every
        // Foundation, so a timer of our own ends the fetch.
        DispatchQueue.global().asyncAfter(deadline: .now() + transferTimeout) { [weak self] in
            self?.abandon(with: .transferTooSlow(seconds: self?.transferTimeout ?? 0))
        }
    }

    /// Ends a running fetch with `reason` (when nothing else ended it first).
    private func abandon(with reason: FetchError) {
        let task = state.withLock { state -> URLSessionTask? in
            guard state.task != nil, state.failure == nil else { return nil }
            state.failure = reason
            return state.task
        }
        task?.cancel()
    }

    /// Stops the download; the completion reports `.cancelled`.
    package func cancel() {
        let (task, session) = state.withLock { state -> (URLSessionTask?, URLSession?) in
            if state.failure == nil { state.failure = .cancelled }
            return (state.task, state.session)
        }
        task?.cancel()
        session?.invalidateAndCancel()
    }

    /// Downloads synchronously (for callers on a worker thread).
    package func fetch() -> Result<[UInt8], FetchError> {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<[UInt8], FetchError>?>(nil)
        start { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? .failure(.cancelled)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            state.withLock { $0.failure = .httpStatus(http.statusCode) }
            completionHandler(.cancel)
            dataTask.cancel()  // corelibs Foundation may otherwise wait for the server to close
            return
        }
        let length = response.expectedContentLength
        if length > sizeLimit {
            let sizeLimit = self.sizeLimit
            state.withLock { $0.failure = .tooLarge(limit: sizeLimit) }
            completionHandler(.cancel)
            dataTask.cancel()  // refused at the Content-Length, not after the body
            return
        }
        state.withLock { state in
            state.expected = length >= 0 ? Int(length) : nil
            // One allocation of the announced size instead of doublings (which peaked at about
            // twice the body).
            if let expected = state.expected { state.body.reserveCapacity(expected) }
        }
        completionHandler(.allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let sizeLimit = self.sizeLimit
        let (received, expected, over) = state.withLock { state -> (Int, Int?, Bool) in
            // Past the limit nothing more is kept: the fetch fails with what it has.
            guard state.body.count + data.count <= sizeLimit else { return (state.body.count, state.expected, true) }
            state.body.append(contentsOf: data)
            return (state.body.count, state.expected, false)
        }
        if over {
            state.withLock { $0.failure = .tooLarge(limit: sizeLimit) }
            dataTask.cancel()
            return
        }
        progress?(received, expected)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let timeout = self.timeout
        let (completion, result) = state.withLock { state -> (Completion?, Result<[UInt8], FetchError>) in
            let c = state.completion
            state.completion = nil
            state.session = nil
            state.task = nil
            if let failure = state.failure { return (c, .failure(failure)) }
            if let error = error as? URLError {
                return (c, .failure(error.code == .timedOut ? .timedOut(seconds: timeout)
                                    : .transport(error.localizedDescription)))
            }
            if let error { return (c, .failure(.transport(String(describing: error)))) }
            return (c, .success(state.body))
        }
        session.finishTasksAndInvalidate()
        completion?(result)
    }
}
