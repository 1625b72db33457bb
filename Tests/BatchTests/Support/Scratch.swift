import Foundation
import GPUOps
import SystemIO

/// A fresh folder under the system's temporary folder, removed when the test drops it.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gpuglitch-planning-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` at `relative` (folders made); returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let target = file(relative)
        try FileManager.default.createDirectory(atPath: PathSplit(target).folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// A small PNG of `width`×`height` at `relative`.
    @discardableResult
    func png(_ relative: String, width: Int = 6, height: Int = 4) throws -> String {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 60), 128, 255] }
        }
        let bytes = try ImageEncoder.encode(HostImage(width: width, height: height, computedPixels: pixels), as: .png)
        return try write(bytes, to: relative)
    }

    func text(_ relative: String) throws -> String { try String(contentsOfFile: file(relative), encoding: .utf8) }

    /// Every file under the folder, relative, sorted.
    var contents: [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).filter { sub in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: file(sub), isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }
}
