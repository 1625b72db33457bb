import Foundation

/// A fresh folder under the system's temporary folder, removed when the test drops it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpuglitch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes `data` at `relative`, creating folders on the way.
    @discardableResult
    func write(_ data: Data, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try data.write(to: file)
        return file.path
    }

    @discardableResult
    func makeFolder(_ relative: String) throws -> String {
        let folder = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// Creates a symbolic link at `relative` pointing to `destination` (as written).
    func link(_ relative: String, to destination: String) throws {
        let link = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }

    func contents(_ relative: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(relative))
    }

    /// Every file (not folder) under `relative`, as sorted paths relative to it; hidden
    /// files included, so leftovers such as temporary files show.
    func files(under relative: String = "") -> [String] {
        let root = relative.isEmpty ? url : url.appendingPathComponent(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let entry = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(entry).path,
                                              isDirectory: &isFolder), !isFolder.boolValue {
                files.append(entry)
            }
        }
        return files.sorted()
    }
}
