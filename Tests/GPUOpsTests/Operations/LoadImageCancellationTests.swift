@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
import Testing

/// A TCP port that accepts connections (the kernel's backlog does) and never answers, so a
/// download from it only ends by time-out or by cancellation.
final class SilentServer {
    let port: UInt16
    private let socketFD: Int32

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
    }

    deinit { close(socketFD) }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/never.png")! }
}

@Suite(.timeLimit(.minutes(1)))
struct LoadImageCancellationTests {
    @Test func cancellingAHangingDownloadEndsTheOperationAtOnce() throws {
        let server = try SilentServer()
        let load = LoadImageOperation(source: .url(server.url), timeout: 50)
        let queue = OperationQueue()
        queue.addOperation(load)
        let deadline = Date().addingTimeInterval(20)
        while !load.isExecuting && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.1)  // the request is out and waiting for an answer
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
