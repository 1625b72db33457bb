import Foundation
import TestSupport

/// `Fixtures/jxl/manifest.json`, written by `scripts/fixtures/make_avif_jxl_fixtures.py`: JPEG XL
/// files from cjxl 0.7 and from gpuglitch, with what djxl 0.7 and pillow-jxl-plugin 1.3.8
/// decode them to.
struct JXLFixtureManifest: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let djxlSHA256: String
        let pillowJXLSHA256: String
        /// Base64 RGBA of lossy files (sRGB: converted by ImageCms when the file has a profile).
        let djxl: String?
        let pillowJXL: String?
        var description: String { file }
        var path: String { JXLFixtureManifest.folder.appendingPathComponent(file).path }
        var isLossless: Bool { file.contains("lossless") }
    }

    struct Mapping: Decodable {
        let quality: Int
        let distance: Double
    }

    let qualityToDistance: [Mapping]
    let cases: [Case]

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/jxl")
    static let loaded: JXLFixtureManifest? = try? JSONDecoder().decode(
        JXLFixtureManifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    static var cases: [Case] { loaded?.cases ?? [] }

    static func rgba(_ base64: String?) -> [UInt8] { [UInt8](Data(base64Encoded: base64 ?? "") ?? Data()) }
}
