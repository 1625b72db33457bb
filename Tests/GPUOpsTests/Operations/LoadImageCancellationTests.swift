@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
import Testing

/// A TCP port that accepts connections and never answers, so a download from it only ends by
/// time-out or by cancellation. It reads the first request to its blank line and then signals
/// `requestReceived`: the test knows the download is under way without guessing a delay.
final class SilentServer: @unchecked Sendable {
    let port: UInt16
    private let socketFD: Int32
    /// Signalled when a whole request head has arrived.
    let requestReceived = DispatchSemaphore(value: 0)
    private let connections = NSLock()
    private var accepted: [Int32] = []

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        socketFD = fd
        let thread = Thread { [weak self] in self?.acceptAndRead() }
        thread.start()
    }

    /// Accepts one connection and reads until the end of the request head (or the peer goes).
    private func acceptAndRead() {
        let client = accept(socketFD, nil, nil)
        guard client >= 0 else { return }
        connections.withLock { accepted.append(client) }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
            head += buffer[0..<n]
            if head.contains(subsequence: [13, 10, 13, 10]) {
                requestReceived.signal()
                return
            }
        }
    }

    deinit {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        connections.withLock { accepted.forEach { close($0) } }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/never.png")! }
}

@Suite(.timeLimit(.minutes(1)))
struct LoadImageCancellationTests {
    @Test func cancellingAHangingDownloadEndsTheOperationAtOnce() throws {
        let server = try SilentServer()
        let load = LoadImageOperation(source: .url(server.url), timeout: 50)
        let queue = OperationQueue()
        queue.addOperation(load)
        // The request is out and waiting for an answer once the server has read it.
        try #require(server.requestReceived.wait(timeout: .now() + 20) == .success, "no request arrived")
        try #require(load.isExecuting, "\(String(describing: load.result))")
        let cancelled = Date()
        load.cancel()
        queue.waitUntilAllOperationsAreFinished()
        #expect(Date().timeIntervalSince(cancelled) < 5)
        guard case .failure(ChainError.cancelled) = load.result else {
            Issue.record("expected cancelled, got \(String(describing: load.result))")
            return
        }
    }

    @Test func aDownloadThatNeverAnswersTimesOut() throws {
        let server = try SilentServer()
        let load = LoadImageOperation(source: .url(server.url), timeout: 1)
        OperationQueue().addOperations([load], waitUntilFinished: true)
        guard case .failure(ChainError.operationFailed("LoadImageOperation", let underlying)) = load.result else {
            Issue.record("expected a failed load, got \(String(describing: load.result))")
            return
        }
        #expect(underlying as? ImageOperationError
                == .fetchFailed(source: server.url.absoluteString, reason: .timedOut(seconds: 1)))
    }

    @Test func cancellingBeforeTheFetchStartsNeverStartsIt() {
        let fetcher = URLFetcher(url: URL(string: "http://127.0.0.1:9/x.png")!)
        fetcher.cancel()
        #expect(fetcher.fetch() == .failure(.cancelled))
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in the bytes.
    fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }
}
