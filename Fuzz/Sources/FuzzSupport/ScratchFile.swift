import Foundation

/// A file in a folder of this process's own under the temporary folder, for targets whose
/// parser reads a path (report shards, `--list` files). Rewritten on every input; the folder
/// is left for the OS's temporary-file cleaning.
public enum ScratchFile {
    public static let folder: String = {
        let path = NSTemporaryDirectory() + "/gpuglitch-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes `bytes` to `name` in the folder and returns its path.
    public static func write(_ bytes: some Collection<UInt8>, named name: String) -> String {
        let path = folder + "/" + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write the scratch file \(path)")
        }
        return path
    }
}
