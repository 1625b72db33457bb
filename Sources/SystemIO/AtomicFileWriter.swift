#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Writes a file so that readers only ever see nothing or the whole file, even after a power
/// loss: the bytes go to a temporary file in the target folder (same file system, so the rename
/// is atomic), are flushed to the disk (`fdatasync`) before the rename, so the final name never
/// names a file whose data is not on the disk, and the folder is flushed after it (`fsync`),
/// so the rename itself survives — at once, or, for a batch, by the caller for several files
/// at a time (`syncFolder(_:)`), before anything says the files exist. On any failure the
/// temporary file is removed. Failures are `SystemCallError`s recorded against the final path.
/// The three calls go through `DurabilityCalls`, so a test can record their order.
package enum AtomicFileWriter {
    /// Suffix of temporary files, so leftovers of a killed process are recognisable.
    package static let temporarySuffix = ".gpuglitch-tmp"

    /// The longest file name most file systems take (`NAME_MAX`).
    static let nameMax = 255

    /// The temporary name for `name`: `.NAME.PID.RAND.gpuglitch-tmp`, with NAME shortened
    /// (whole characters) so that the result stays within `NAME_MAX` bytes; the process id
    /// tells a later run whether its writer is gone (see `StaleTemporaryFiles`).
    package static func temporaryName(for name: String) -> String {
        let tail = ".\(getpid()).\(String(UInt32.random(in: 0...UInt32.max), radix: 16))" + temporarySuffix
        var base = Substring(name)
        while 1 + base.utf8.count + tail.utf8.count > nameMax, !base.isEmpty { base = base.dropLast() }
        return "." + base + tail
    }

    /// Flushes `folder`'s entries (renames into it) to the disk.
    package static func syncFolder(_ folder: String) throws(SystemCallError) {
        try SystemDurabilityCalls().syncFolder(folder)
    }

    /// Writes `bytes` to `path`, creating missing parent folders. With `syncFolder` false the
    /// caller flushes the folder later (`syncFolder(_:)`), once for many files.
    package static func write(_ bytes: [UInt8], to path: String, syncFolder: Bool = true) throws(SystemCallError) {
        try prepare(bytes, to: path).commit(syncFolder: syncFolder)
    }

    /// The first half of `write`: the bytes in a temporary file next to `path`, not yet
    /// flushed or renamed. The caller commits (or abandons) it, perhaps on another thread, so
    /// that waiting for the disk does not hold up the next image's computation.
    package static func prepare(_ bytes: [UInt8], to path: String) throws(SystemCallError) -> PendingFile {
        let file = try begin(path)
        try file.append(bytes)
        return file
    }

    /// An empty temporary file next to `path` (parent folders made), to be filled with
    /// `PendingFile.append` and then committed or abandoned: for files written piece by piece,
    /// such as a report of a million inputs that is never whole in memory.
    package static func begin(_ path: String) throws(SystemCallError) -> PendingFile {
        let split = PathSplit(path)
        try FileSystem.makeFolders(split.folder, for: path)
        let temporary = split.folder + "/" + temporaryName(for: split.name)
        let fd: FileDescriptor
        do {
            fd = try OpenFile.open(temporary, .writeOnly, options: [.create, .exclusiveCreate],
                                   permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw SystemCallError("open", path: path, errno: error.errno)
        }
        return PendingFile(fd: fd, temporary: temporary, path: path, folder: split.folder)
    }

    /// A written, not yet committed file: `commit` flushes and renames it, `abandon` removes
    /// it. Exactly one of them must be called.
    package struct PendingFile: Sendable {
        let fd: FileDescriptor
        let temporary: String
        package let path: String
        package let folder: String

        /// Flushes the data, renames the file over `path` (the commit point) and, with
        /// `syncFolder`, flushes the folder; without, the rename is durable only once the
        /// caller has flushed `folder` after it. On failure the temporary file is removed.
        package func commit(syncFolder: Bool = true,
                            calls: any DurabilityCalls = SystemDurabilityCalls()) throws(SystemCallError) {
            do {
                try calls.syncData(fd, path: path)
            } catch {
                abandon()
                throw error
            }
            do {
                try fd.close()
            } catch {
                FileSystem.remove(temporary)
                throw SystemCallError("close", path: path, errno: error as? Errno ?? .ioError)
            }
            do {
                try calls.rename(temporary, to: path)
            } catch {
                FileSystem.remove(temporary)
                throw error
            }
            if syncFolder { try calls.syncFolder(folder) }
        }

        /// Appends `bytes` to the temporary file. On failure the temporary file is removed
        /// (the caller must not commit it).
        package func append(_ bytes: some Sequence<UInt8>) throws(SystemCallError) {
            do {
                try OpenFile.writeAll(fd, bytes, path: path)
            } catch {
                abandon()
                throw error
            }
        }

        /// Removes the temporary file; nothing appears under `path`.
        package func abandon() {
            try? fd.close()
            FileSystem.remove(temporary)
        }
    }
}
