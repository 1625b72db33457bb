import Foundation

/// A file in a folder of this process's own under the temporary folder, for targets whose
/// parser reads a path (report shards, `--list` files). Rewritten on every input, removed when
/// the process exits normally. In memory (`/dev/shm`) where there is one: on a disk, writing the
/// input and the merge's synced atomic writes cost more than the rest of an execution (on
/// tmpfs `make fuzz` ran FuzzReportMerge 22 and FuzzInputList 13 times as often a second).
public enum ScratchFile {
    public static let folder: String = {
        var isFolder: ObjCBool = false
        let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.isWritableFile(atPath: "/dev/shm")
        let path = (memory ? "/dev/shm" : NSTemporaryDirectory()) + "/gpuglitch-fuzz-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFile.folder) }
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
