import ImageCodecs
import Foundation

/// Temporary files that a killed writer left behind (`.NAME.PID.RAND.gpuglitch-tmp`, see
/// `AtomicFileWriter`): a later run into the same folder removes those whose process is gone,
/// so interrupted runs leave no debris however often they are killed. A file of a process that
/// is still alive (another run writing into the same folder) is left alone.
package enum StaleTemporaryFiles {
    /// Removes the stale temporary files in each of `folders` (missing folders are skipped);
    /// returns how many were removed.
    @discardableResult
    package static func sweep(_ folders: some Sequence<String>) -> Int {
        var removed = 0
        for folder in folders {
            guard let handle = PathBytes.withCPath(folder, { opendir($0) }) else { continue }
            defer { closedir(handle) }
            var stale: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { PathBytes.string(cString: $0) }
                }
                if isStale(name) { stale.append(name) }
            }
            for name in stale where PathBytes.withCPath(folder + "/" + name, { unlink($0) }) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// Whether `name` is one of our temporary names whose writing process no longer exists.
    static func isStale(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(AtomicFileWriter.temporarySuffix) else { return false }
        let parts = name.dropLast(AtomicFileWriter.temporarySuffix.count).split(separator: ".")
        guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), pid > 0 else { return false }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
