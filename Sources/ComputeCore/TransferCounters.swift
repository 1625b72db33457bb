import Foundation

/// Counts host↔device copies of whole images, so tests and reports can prove how many
/// transfers a chain made. Thread-safe: a batch uploads from several threads.
public final class TransferCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var _uploads = 0
    private var _downloads = 0
    private var _uploadedBytes = 0
    private var _downloadedBytes = 0

    public init() {}

    public var uploads: Int { lock.withLock { _uploads } }
    public var downloads: Int { lock.withLock { _downloads } }
    public var uploadedBytes: Int { lock.withLock { _uploadedBytes } }
    public var downloadedBytes: Int { lock.withLock { _downloadedBytes } }

    /// Both counts at one instant.
    public var snapshot: (uploads: Int, downloads: Int) { lock.withLock { (_uploads, _downloads) } }

    public func recordUpload(bytes: Int) {
        lock.withLock { _uploads += 1; _uploadedBytes += bytes }
    }

    public func recordDownload(bytes: Int) {
        lock.withLock { _downloads += 1; _downloadedBytes += bytes }
    }
}
