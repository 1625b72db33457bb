import SystemIO

/// `FileSystem.resolvedPath` for many paths in few folders: the folder part of each path is
/// resolved once. A path that is a symbolic link is resolved whole, so that an output which
/// is a link to an input is recognised as that input; any other path costs one `lstat`,
/// which also tells whether something is there (for `--skip-existing`).
package struct PathResolver {
    private var folders: [String: String] = [:]
    private static let cachedFolders = 4096

    /// The resolved path, and whether `path` exists (following a symbolic link).
    package mutating func resolveNoting(_ path: String) -> (resolved: String, exists: Bool) {
        guard let info = try? FileSystem.status(path, followingLink: false) else { return (resolve(folderOf: path), false) }
        if info.type == .symbolicLink {
            if let target = FileSystem.realPath(path) { return (target, true) }
            return (resolve(folderOf: path), false)
        }
        return (resolve(folderOf: path), true)
    }

    package mutating func resolve(_ path: String) -> String { resolveNoting(path).resolved }

    /// `path` with its folder resolved (cached), its last component as it is.
    private mutating func resolve(folderOf path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else {
            return FileSystem.resolvedPath(path)
        }
        let folder = String(path[..<slash])
        let name = path[path.index(after: slash)...]
        let resolvedFolder: String
        if let cached = folders[folder] {
            resolvedFolder = cached
        } else {
            resolvedFolder = FileSystem.resolvedPath(folder.isEmpty ? "/" : folder)
            // A template can put every input in a folder of its own (`{stem}/{size}.{ext}`):
            // the cache stays bounded so that memory stays flat in the number of inputs.
            if folders.count >= Self.cachedFolders { folders.removeAll(keepingCapacity: true) }
            folders[folder] = resolvedFolder
        }
        return resolvedFolder == "/" ? "/" + name : resolvedFolder + "/" + name
    }
}
