#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GPUOps
import Foundation

/// The few file-system questions input discovery asks, answered with `stat`/`realpath` so
/// that symbolic links are followed and every failure keeps its `errno` text.
enum FileSystem {
    /// What a path is, after following symbolic links.
    enum Kind: Equatable {
        case regularFile(FileIdentity)
        case directory(FileIdentity)
        /// A FIFO, socket or device.
        case other
        /// A symbolic link whose target does not exist.
        case brokenSymbolicLink
        /// `stat` failed; the `strerror` text.
        case unavailable(String)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        if PathBytes.withCPath(path, { stat($0, &info) }) != 0 {
            let code = errno
            var linkInfo = stat()
            if code == ENOENT, PathBytes.withCPath(path, { lstat($0, &linkInfo) }) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK {
                return .brokenSymbolicLink
            }
            return .unavailable(String(cString: strerror(code)))
        }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(identity)
        case S_IFDIR: return .directory(identity)
        default: return .other
        }
    }

    /// Whether something exists at `path` (following symbolic links).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCPath(path) { stat($0, &info) } == 0
    }

    /// The canonical absolute path of an existing file (symbolic links, `.` and `..`
    /// resolved), or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// The canonical form of a path that may not exist yet: its longest existing ancestor
    /// resolved with `realpath`, then the remaining components. Two paths naming the same
    /// future file get the same answer, which is what output-collision checks need.
    static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var tail: [String] = []
        while true {
            let candidate = "/" + components.joined(separator: "/")
            if let resolved = realPath(candidate) {
                let base = resolved == "/" ? "" : resolved
                return tail.isEmpty ? resolved : base + "/" + tail.reversed().joined(separator: "/")
            }
            guard let last = components.popLast() else {
                return absolute
            }
            tail.append(last)
        }
    }

    /// One name in a folder, with what `readdir` says it is (`DT_REG`, `DT_DIR`, `DT_LNK`,
    /// or `DT_UNKNOWN` where the file system does not say).
    struct Entry {
        var name: String
        var type: UInt8

        /// A regular file that is not a symbolic link, known without a `stat`.
        var isPlainFile: Bool { type == UInt8(DT_REG) }
    }

    /// Names in a directory (without `.` and `..`), sorted by their UTF-8 bytes so that every
    /// machine and locale walks a folder in the same order. Throws the `strerror` text.
    static func sortedEntries(of directory: String) throws(UnreadableFolder) -> [Entry] {
        guard let handle = PathBytes.withCPath(directory, { opendir($0) }) else {
            throw UnreadableFolder(reason: String(cString: strerror(errno)))
        }
        defer { closedir(handle) }
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
                    PathBytes.string(cString: $0)
                }
            }
            if name != "." && name != ".." { entries.append(Entry(name: name, type: entry.pointee.d_type)) }
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return entries
    }

    /// Whether `path` itself (not following a last symbolic link) is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCPath(path, { lstat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Writes every byte to `fd`, retrying short writes and `EINTR`; returns the `errno` of
    /// a failed write, or nil.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// A folder that could not be listed.
    struct UnreadableFolder: Error {
        var reason: String
    }
}

/// A file's identity (device and inode): equal for two paths that reach the same file.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
