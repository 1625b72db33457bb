import Foundation

/// Locates the built `gpuglitch` executable, the way swift-argument-parser's
/// `AssertExecuteCommand` does: it sits in the same products folder as the test bundle
/// (`.build/<triple>/debug/` for `swift test`, `.../release/` for `swift test -c release`).
enum GPUGlitchBinary {
    /// Set `GPUGLITCH_BINARY` to test another build of the tool.
    static let overrideVariable = "GPUGLITCH_BINARY"

    static let url: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment[overrideVariable], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        for folder in productFolders() {
            let candidate = folder.appendingPathComponent("gpuglitch")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/gpuglitch")
    }()

    /// Folders that may hold the products of this build, best first.
    private static func productFolders() -> [URL] {
        var folders: [URL] = []
        // macOS: the test bundle is `.../debug/gpuglitchPackageTests.xctest`; Linux: the test
        // runner is an executable in `.../debug/`, and the bundle URL is its folder.
        let bundleURL = Bundle(for: BundleMarker.self).bundleURL
        folders.append(bundleURL.pathExtension == "xctest" ? bundleURL.deletingLastPathComponent() : bundleURL)
        if let executable = Bundle.main.executableURL {
            var folder = executable.deletingLastPathComponent()
            // macOS: .../gpuglitchPackageTests.xctest/Contents/MacOS/gpuglitchPackageTests
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            folders.append(folder)
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return folders
    }

    private final class BundleMarker {}
}
