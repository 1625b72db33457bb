import Foundation
import Synchronization

/// Counts host↔device copies of whole images, so tests and reports can prove how many
/// transfers a chain made. Thread-safe: a batch uploads from several threads.
public final class TransferCounters: Sendable {
    private struct Counts {
        var uploads = 0
        var downloads = 0
        var uploadedBytes = 0
        var downloadedBytes = 0
    }

    private let counts = Mutex(Counts())

    package init() {}

    public var uploads: Int { counts.withLock { $0.uploads } }
    public var downloads: Int { counts.withLock { $0.downloads } }
    package var uploadedBytes: Int { counts.withLock { $0.uploadedBytes } }
    package var downloadedBytes: Int { counts.withLock { $0.downloadedBytes } }

    /// Both counts at one instant.
    public var snapshot: (uploads: Int, downloads: Int) { counts.withLock { ($0.uploads, $0.downloads) } }

    package func recordUpload(bytes: Int) {
        counts.withLock { $0.uploads += 1; $0.uploadedBytes += bytes }
    }

    package func recordDownload(bytes: Int) {
        counts.withLock { $0.downloads += 1; $0.downloadedBytes += bytes }
    }
}
