#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The three calls that make a written file durable: flushing its data, renaming it into
/// place, flushing the folder the rename went into. A protocol so that a test can stand in
/// for the disk, record the order in which a batch makes these calls (each output's data flush
/// before its rename, the rename before its folder's flush, and that before the record saying
/// "ok") and make one of them fail; everything else uses `SystemDurabilityCalls`.
package protocol DurabilityCalls: Sendable {
    /// `fdatasync` of an open file, whose final name is `path`.
    func syncData(_ fd: FileDescriptor, path: String) throws(SystemCallError)
    /// `rename(2)` of `temporary` over `path`; a failure is recorded against `path`.
    func rename(_ temporary: String, to path: String) throws(SystemCallError)
    /// `fsync` of `folder`: its entries (renames into it) reach the disk.
    func syncFolder(_ folder: String) throws(SystemCallError)
}

/// The calls themselves.
package struct SystemDurabilityCalls: DurabilityCalls {
    package init() {}

    package func syncData(_ fd: FileDescriptor, path: String) throws(SystemCallError) {
        try SystemCall.sync(fd, path: path, dataOnly: true)
    }

    package func rename(_ temporary: String, to path: String) throws(SystemCallError) {
        _ = try SystemCall.run("rename", path: path) {
            PathBytes.withCPath(temporary) { from in PathBytes.withCPath(path) { to in renameFile(from, to) } }
        }
    }

    package func syncFolder(_ folder: String) throws(SystemCallError) {
        let fd = try OpenFile.open(folder, .readOnly, options: .directory)
        defer { try? fd.close() }
        try SystemCall.sync(fd, path: folder, dataOnly: false)
    }
}

/// `rename(2)`, under a name the method `rename(_:to:)` does not hide.
private func renameFile(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
