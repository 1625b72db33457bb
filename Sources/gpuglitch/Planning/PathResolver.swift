/// `FileSystem.resolvedPath` for many paths in few folders: the folder part of each path is
/// resolved once. A path that exists is resolved whole, so that an output which is a
/// symbolic link to an input is recognised as that input.
struct PathResolver {
    private var folders: [String: String] = [:]

    mutating func resolve(_ path: String) -> String {
        if let existing = FileSystem.realPath(path) { return existing }
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
            folders[folder] = resolvedFolder
        }
        return resolvedFolder == "/" ? "/" + name : resolvedFolder + "/" + name
    }
}
