import GPUOps
import Synchronization
@testable import SystemIO
import SystemPackage

/// The disk as a batch sees it: every data flush, rename and folder flush made for real and
/// recorded in order (a call's end; a folder flush's beginning too), in a log the test adds
/// its own events to (a result handed over), so that a test can check the order of
/// everything without timing. A folder can be made to fail its flush.
final class RecordingDurabilityCalls: DurabilityCalls {
    enum Event: Equatable, CustomStringConvertible {
        /// `fdatasync` of the file that will be `path`, done.
        case dataSync(String)
        /// A rename onto `path`, done.
        case rename(String)
        /// `fsync` of a folder begun, and done (a failed one is not done).
        case folderSyncBegun(String)
        case folderSynced(String)
        /// The test's own event, e.g. a result handed to the caller.
        case note(String)

        var description: String {
            switch self {
            case .dataSync(let path): "fdatasync \(path)"
            case .rename(let path): "rename \(path)"
            case .folderSyncBegun(let folder): "fsync \(folder) begun"
            case .folderSynced(let folder): "fsync \(folder) done"
            case .note(let text): text
            }
        }
    }

    private let log = Mutex<[Event]>([])
    private let system = SystemDurabilityCalls()
    /// Folders whose flush fails with EIO (after it is recorded).
    let failingFolders: Set<String>

    init(failingFolders: Set<String> = []) { self.failingFolders = failingFolders }

    var events: [Event] { log.withLock { $0 } }

    func note(_ text: String) { log.withLock { $0.append(.note(text)) } }

    func syncData(_ fd: FileDescriptor, path: String) throws(SystemCallError) {
        try system.syncData(fd, path: path)
        log.withLock { $0.append(.dataSync(path)) }
    }

    func rename(_ temporary: String, to path: String) throws(SystemCallError) {
        try system.rename(temporary, to: path)
        log.withLock { $0.append(.rename(path)) }
    }

    func syncFolder(_ folder: String) throws(SystemCallError) {
        log.withLock { $0.append(.folderSyncBegun(folder)) }
        if failingFolders.contains(folder) { throw SystemCallError("fsync", path: folder, errno: .ioError) }
        try system.syncFolder(folder)
        log.withLock { $0.append(.folderSynced(folder)) }
    }
}
