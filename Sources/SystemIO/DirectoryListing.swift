#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The names in a folder, read with `readdir` and decoded once, here, with their bytes kept
/// (`PathBytes`).
package enum DirectoryListing {
    /// One name in a folder, with what `readdir` says it is (`DT_REG`, `DT_DIR`, `DT_LNK`,
    /// or `DT_UNKNOWN` where the file system does not say).
    package struct Entry: Equatable {
        package var name: String
        package var type: UInt8

        /// A regular file that is not a symbolic link, known without a `stat`.
        package var isPlainFile: Bool { type == UInt8(DT_REG) }
    }

    /// The entries of `folder` (without `.` and `..`) in the order `readdir` gives them.
    package static func entries(of folder: String) throws(SystemCallError) -> [Entry] {
        guard let handle = PathBytes.withCPath(folder, { opendir($0) }) else {
            throw SystemCallError("opendir", path: folder, errno: Errno(rawValue: errno))
        }
        defer { closedir(handle) }
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            // The name is read where it lies: the record readdir returns ends after the name's
            // NUL (`d_reclen`), often before `sizeof(dirent)`, so copying the 256-byte field
            // out of it would read past the end of libc's buffer (AddressSanitizer caught it).
            let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { pointer in
                UnsafeMutableRawPointer(pointer).withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
                    PathBytes.string(cString: $0)
                }
            }
            if name != "." && name != ".." { entries.append(Entry(name: name, type: entry.pointee.d_type)) }
        }
        return entries
    }

    /// The entries sorted by the UTF-8 of their names, so that every machine and locale walks a folder in
    /// the same order.
    package static func sortedEntries(of folder: String) throws(SystemCallError) -> [Entry] {
        var entries = try entries(of: folder)
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return entries
    }
}
