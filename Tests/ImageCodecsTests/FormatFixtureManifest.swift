import Foundation
import TestSupport

/// `Fixtures/<format>/manifest.json` of the formats behind `ImageFormatRegistry`, written by
/// `scripts/fixtures/make_bmp_gif_fixtures.py`: each file with Pillow 13.0.0's RGBA.
struct FormatFixtureManifest: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let rgba: String
        var description: String { file }
        var expectedRGBA: [UInt8] { [UInt8](Data(base64Encoded: rgba) ?? Data()) }
    }

    let pillow: String
    let cases: [Case]

    static func folder(_ name: String) -> URL {
        RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures").appendingPathComponent(name)
    }

    /// The cases of `Fixtures/<name>`; a missing or unreadable manifest is no cases, which the
    /// suites' count checks catch.
    static func cases(in name: String) -> [Case] {
        guard let data = try? Data(contentsOf: folder(name).appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode(FormatFixtureManifest.self, from: data) else { return [] }
        return manifest.cases
    }
}
