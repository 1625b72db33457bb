import Foundation

/// Paths inside the repository, found from this source file so tests run from any folder.
public enum RepositoryPaths {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled sample photographs.
    public static let samples = root.appendingPathComponent("samples")
    /// The path of the bundled sample `name`.
    public static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }
    /// Committed reference data (Pillow outputs and the like).
    public static let fixtures = root.appendingPathComponent("Tests/GPUOpsTests/Fixtures")
}
