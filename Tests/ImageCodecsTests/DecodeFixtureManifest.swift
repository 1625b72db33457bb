import Foundation
import Testing
import TestSupport

/// `Tests/GPUOpsTests/Fixtures/decode/manifest.json`, written by
/// `scripts/fixtures/make_decode_fixtures.py`: what each fixture and sample must decode to.
struct DecodeFixtureManifest: Decodable {
    struct Fixture: Decodable, CustomTestStringConvertible {
        var file: String
        var note: String
        var width: Int
        var height: Int
        /// "pillow" (Pillow's decode) or "formula" (see `formula`).
        var expected: String
        var formula: String?
        var pillowAgrees: Bool?
        var rgbaSHA256: String
        /// Base64 of the whole expected RGBA, for fixtures of at most 1024 pixels.
        var rgba: String?

        var testDescription: String { file }
        var path: String { DecodeFixtureManifest.folder.appendingPathComponent(file).path }
        var expectedRGBA: [UInt8]? { rgba.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } }
    }

    struct Scaled: Decodable {
        var denominator: Int
        var width: Int
        var height: Int
        var rgbaSHA256: String
    }

    struct Sample: Decodable, CustomTestStringConvertible {
        var file: String
        var width: Int
        var height: Int
        var rgbaSHA256: String
        var fileSHA256: String
        var scaled: [Scaled]?

        var testDescription: String { file }
        var path: String { RepositoryPaths.samples.appendingPathComponent(file).path }
    }

    var pillow: String
    var fixtures: [Fixture]
    var samples: [Sample]

    static let folder = RepositoryPaths.fixtures.appendingPathComponent("decode")

    static let shared: DecodeFixtureManifest = {
        let url = folder.appendingPathComponent("manifest.json")
        do {
            return try JSONDecoder().decode(DecodeFixtureManifest.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot load \(url.path): \(error)")
        }
    }()
}
