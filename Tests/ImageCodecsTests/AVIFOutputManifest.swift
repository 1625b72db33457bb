import Foundation
import TestSupport

/// `Fixtures/avif-output/manifest.json`, written by `scripts/fixtures/make_avif_jxl_fixtures.py`:
/// AVIF files gpuglitch wrote with what Pillow 13.0.0 and pillow-heif decode them to, and
/// Pillow's own AVIF of a photo at three qualities.
struct AVIFOutputManifest: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let source: String
        let quality: Int
        let width: Int
        let height: Int
        let pillowSHA256: String
        /// Base64 RGBA.
        let pillowHEIF: String
        let pillowICCSHA256: String?
        /// PSNR of Pillow's own AVIF of `source` at `quality`.
        let pillowAVIFPSNR: Double
        var description: String { file }
        var path: String { AVIFOutputManifest.folder.appendingPathComponent(file).path }
    }

    struct PillowResult: Decodable {
        let quality: Int
        let bytes: Int
        let psnr: Double
        let ssim: Double
    }

    struct PillowAVIF: Decodable {
        let source: String
        let results: [PillowResult]
    }

    let cases: [Case]
    let pillowAVIF: PillowAVIF

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/avif-output")
    static let loaded: AVIFOutputManifest? = try? JSONDecoder().decode(
        AVIFOutputManifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
}
