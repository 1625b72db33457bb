#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// The file-system questions planning and writing ask, answered with `stat`/`lstat`/
/// `realpath` so that symbolic links are followed where they should be and every failure keeps
/// its `Errno`. Paths are `PathBytes` strings throughout.
package enum FileSystem {
    /// What a path is, after following symbolic links.
    package enum Kind: Equatable {
        case regularFile(FileIdentity)
        case directory(FileIdentity)
        /// A FIFO, socket or device.
        case other
        /// A symbolic link whose target does not exist.
        case brokenSymbolicLink
        /// `stat` failed.
        case unavailable(Errno)
    }

    /// `stat` (or `lstat` when `followingLink` is false) of `path`.
    package static func status(_ path: String, followingLink: Bool = true) throws(Errno) -> SystemPackage.Stat {
        try PathBytes.filePath(path).stat(followTargetSymlink: followingLink)
    }

    package static func kind(of path: String) -> Kind {
        let info: SystemPackage.Stat
        do {
            info = try status(path)
        } catch {
            if error == .noSuchFileOrDirectory, isSymbolicLink(path) { return .brokenSymbolicLink }
            return .unavailable(error)
        }
        let identity = FileIdentity(info)
        switch info.type {
        case .regular: return .regularFile(identity)
        case .directory: return .directory(identity)
        default: return .other
        }
    }

    /// Whether something exists at `path` (following symbolic links).
    package static func exists(_ path: String) -> Bool {
        (try? status(path)) != nil
    }

    /// Whether `path` itself (not following a last symbolic link) is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        (try? status(path, followingLink: false))?.type == .symbolicLink
    }

    /// The canonical absolute path of an existing file (symbolic links, `.` and `..`
    /// resolved), or nil.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// The canonical form of a path that may not exist yet: its longest existing ancestor
    /// resolved with `realpath`, then the remaining components. Two paths naming the same
    /// future file get the same answer, which is what output-collision checks need.
    package static func resolvedPath(_ path: String) -> String {
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

    /// `mkdir -p folder`, each component made with the path's own bytes; a failure is
    /// recorded against `path`, the file the folders are for.
    package static func makeFolders(_ folder: String, for path: String) throws(SystemCallError) {
        if let info = try? status(folder) {
            if info.type == .directory { return }
            throw SystemCallError("mkdir", path: path, errno: .notDirectory)
        }
        let parent = PathSplit(folder).folder
        if parent != folder && parent != "." && parent != "/" { try makeFolders(parent, for: path) }
        do {
            _ = try SystemCall.retrying { PathBytes.withCPath(folder) { mkdir($0, 0o755) } }
        } catch where error != .fileExists {
            throw SystemCallError("mkdir", path: path, errno: error)
        } catch {}
    }

    /// Removes the file at `path`; whether it was removed.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        (try? SystemCall.retrying { PathBytes.withCPath(path) { unlink($0) } }) != nil
    }
}

/// A file's identity (device and inode): equal for two paths that reach the same file.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    package init(_ info: SystemPackage.Stat) {
        self.init(device: UInt64(info.deviceID.rawValue), inode: UInt64(info.inode.rawValue))
    }
}

/// A path split at its last `/` (a string operation: the name may hold bytes `URL` would not
/// keep): the folder (`.` when there is none, `/` at the root) and the last component.
package struct PathSplit: Equatable {
    package var folder: String
    package var name: String

    package init(_ path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            folder = "."
            name = path
            return
        }
        let head = path[..<slash]
        folder = head.isEmpty ? "/" : String(head)
        name = String(path[path.index(after: slash)...])
    }
}
