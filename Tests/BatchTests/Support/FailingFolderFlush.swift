import GPUOps
import SystemIO
import SystemPackage

/// The real disk calls, except that flushing one folder fails with EIO, as a disk that has
/// gone bad does: what the batch then says about the images written into that folder.
struct FailingFolderFlush: DurabilityCalls {
    let folder: String
    private let system = SystemDurabilityCalls()

    init(_ folder: String) { self.folder = folder }

    func syncData(_ fd: FileDescriptor, path: String) throws(SystemCallError) { try system.syncData(fd, path: path) }

    func rename(_ temporary: String, to path: String) throws(SystemCallError) { try system.rename(temporary, to: path) }

    func syncFolder(_ folder: String) throws(SystemCallError) {
        if folder == self.folder { throw SystemCallError("fsync", path: folder, errno: .ioError) }
        try system.syncFolder(folder)
    }
}
