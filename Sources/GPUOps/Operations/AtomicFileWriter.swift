import Foundation
import ImageCodecs

/// Writes a file so that readers only ever see nothing or the whole file, even after a power
/// loss: the bytes go to a temporary file in the target folder (same file system, so the rename
/// is atomic), are flushed to the disk (`fdatasync`) before the rename, so the final name never
/// names a file whose data is not on the disk, and the folder is flushed after it (`fsync`),
/// so the rename itself survives — at once, or, for a batch, once per folder at the end
/// (`syncFolder(_:)`) before the report says the files exist. On any failure the temporary
/// file is removed.
public enum AtomicFileWriter {
    /// Suffix of temporary files, so leftovers of a killed process are recognisable.
    public static let temporarySuffix = ".gpuglitch-tmp"

    /// Why writing failed, with the call and the system's reason.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let call: String
        public let reason: String
        public init(path: String, call: String, errno code: Int32) {
            self.init(path: path, call: call, reason: String(cString: strerror(code)))
        }
        public init(path: String, call: String, reason: String) {
            self.path = path
            self.call = call
            self.reason = reason
        }
        public var description: String { "\(path): cannot write (\(call): \(reason))" }
    }

    /// The folder part (`.` when there is none) and the last component of `path`, split at
    /// its last `/` (a string operation: the name may hold bytes `URL` would not keep).
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }

    /// `mkdir -p folder`, each component made with the path's own bytes.
    static func makeFolders(_ folder: String, for path: String) throws(WriteError) {
        var info = stat()
        if PathBytes.withCPath(folder, { stat($0, &info) }) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw WriteError(path: path, call: "mkdir", errno: ENOTDIR)
        }
        let (parent, _) = split(folder)
        if parent != folder && parent != "." && parent != "/" { try makeFolders(parent, for: path) }
        if PathBytes.withCPath(folder, { mkdir($0, 0o755) }) != 0 && errno != EEXIST {
            throw WriteError(path: path, call: "mkdir", errno: errno)
        }
    }

    /// The longest file name most file systems take (`NAME_MAX`).
    static let nameMax = 255

    /// The temporary name for `name`: `.NAME.PID.RAND.gpuglitch-tmp`, with NAME shortened
    /// (whole characters) so that the result stays within `NAME_MAX` bytes; the process id
    /// tells a later run whether its writer is gone (see `StaleTemporaryFiles`).
    static func temporaryName(for name: String) -> String {
        let tail = ".\(getpid()).\(String(UInt32.random(in: 0...UInt32.max), radix: 16))" + temporarySuffix
        var base = Substring(name)
        while 1 + base.utf8.count + tail.utf8.count > nameMax, !base.isEmpty { base = base.dropLast() }
        return "." + base + tail
    }

    /// Flushes `folder`'s entries (renames into it) to the disk.
    public static func syncFolder(_ folder: String) throws(WriteError) {
        let fd = PathBytes.withCPath(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw WriteError(path: folder, call: "open", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw WriteError(path: folder, call: "fsync", errno: errno) }
    }

    /// Writes `bytes` to `path`, creating missing parent folders. With `syncFolder` false the
    /// caller flushes the folder later (`syncFolder(_:)`), once for many files.
    public static func write(_ bytes: [UInt8], to path: String, syncFolder: Bool = true) throws(WriteError) {
        try prepare(bytes, to: path).commit(syncFolder: syncFolder)
    }

    /// The first half of `write`: the bytes in a temporary file next to `path`, not yet
    /// flushed or renamed. The caller commits (or abandons) it, perhaps on another thread, so
    /// that waiting for the disk does not hold up the next image's computation.
    public static func prepare(_ bytes: [UInt8], to path: String) throws(WriteError) -> PendingFile {
        let file = try begin(path)
        try file.append(bytes)
        return file
    }

    /// An empty temporary file next to `path` (parent folders made), to be filled with
    /// `PendingFile.append` and then committed or abandoned: for files written piece by piece,
    /// such as a report of a million inputs that is never whole in memory.
    package static func begin(_ path: String) throws(WriteError) -> PendingFile {
        let (folder, name) = split(path)
        try makeFolders(folder, for: path)
        let temporary = folder + "/" + temporaryName(for: name)
        let fd = PathBytes.withCPath(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw WriteError(path: path, call: "open", errno: errno) }
        return PendingFile(fd: fd, temporary: temporary, path: path, folder: folder)
    }

    /// A written, not yet committed file: `commit` flushes and renames it, `abandon` removes
    /// it. Exactly one of them must be called.
    public struct PendingFile: Sendable {
        let fd: Int32
        let temporary: String
        public let path: String
        public let folder: String

        /// Flushes the data, renames the file over `path` (the commit point) and, with
        /// `syncFolder`, flushes the folder. On failure the temporary file is removed.
        public func commit(syncFolder: Bool = true) throws(WriteError) {
            if fdatasync(fd) != 0 {
                let e = errno
                abandon()
                throw WriteError(path: path, call: "fdatasync", errno: e)
            }
            if close(fd) != 0 {
                let e = errno
                PathBytes.withCPath(temporary) { _ = unlink($0) }
                throw WriteError(path: path, call: "close", errno: e)
            }
            let renamed = PathBytes.withCPath(temporary) { from in PathBytes.withCPath(path) { to in rename(from, to) } }
            if renamed != 0 {
                let e = errno
                PathBytes.withCPath(temporary) { _ = unlink($0) }
                throw WriteError(path: path, call: "rename", errno: e)
            }
            if syncFolder { try AtomicFileWriter.syncFolder(folder) }
        }

        /// Appends `bytes` to the temporary file. On failure the temporary file is removed
        /// (the caller must not commit it).
        package func append(_ bytes: some ContiguousBytes) throws(WriteError) {
            let failed = bytes.withUnsafeBytes { raw -> Int32? in
                var offset = 0
                while offset < raw.count {
                    let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += n
                }
                return nil
            }
            if let failed {
                abandon()
                throw WriteError(path: path, call: "write", errno: failed)
            }
        }

        /// Removes the temporary file; nothing appears under `path`.
        public func abandon() {
            close(fd)
            PathBytes.withCPath(temporary) { _ = unlink($0) }
        }
    }
}
