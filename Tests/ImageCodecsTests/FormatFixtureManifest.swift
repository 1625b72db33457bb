import Foundation
import TestSupport

/// `Fixtures/<format>/manifest.json` of the formats behind `ImageFormatRegistry`, written by
/// `scripts/fixtures/make_bmp_gif_fixtures.py`: each file with Pillow 13.0.0's RGBA.
enum FormatFixtureManifest {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let rgba: String
        var description: String { file }
        var expectedRGBA: [UInt8] { [UInt8](Data(base64Encoded: rgba) ?? Data()) }
    }

    static func folder(_ name: String) -> URL {
        RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures").appendingPathComponent(name)
    }

    /// The cases of `Fixtures/<name>`; a missing or unreadable manifest is no cases, which the
    /// suites' count checks catch.
    static func cases(in name: String) -> [Case] {
        (try? FixtureManifest.cases(in: folder(name))) ?? []
    }
}
