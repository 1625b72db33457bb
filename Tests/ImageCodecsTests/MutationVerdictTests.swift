import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// "Accept what Pillow accepts" over a seeded mutation set whose Pillow 13.0.0 verdicts were
/// computed once and committed (scripts/fixtures/make_mutation_fixtures.py): every file Pillow
/// reads decodes, with Pillow's pixels; a file Pillow rejects may be rejected or read, and
/// never crashes or hangs the decoder.
@Suite struct MutationVerdictTests {
    struct Case: Decodable, CustomStringConvertible {
        enum Edit: Decodable {
            case flip(Int, UInt8), truncate(Int), insert(Int, [UInt8]), delete(Int, Int)
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                switch try c.decode(String.self) {
                case "flip": self = .flip(try c.decode(Int.self), try c.decode(UInt8.self))
                case "truncate": self = .truncate(try c.decode(Int.self))
                case "insert": self = .insert(try c.decode(Int.self), try c.decode([UInt8].self))
                default: self = .delete(try c.decode(Int.self), try c.decode(Int.self))
                }
            }
        }
        let name: String
        let seed: String
        let edits: [Edit]
        let pillow: String
        let width: Int?
        let height: Int?
        let rgbaSHA256: String?
        let reason: String?
        var description: String { name }

        func bytes() throws -> [UInt8] {
            var d = [UInt8](try Data(contentsOf: MutationVerdictTests.folder.appendingPathComponent(seed)))
            for edit in edits {
                switch edit {
                case let .flip(at, mask): d[at] ^= mask
                case let .truncate(n): d.removeSubrange(n...)
                case let .insert(at, bytes): d.insert(contentsOf: bytes, at: at)
                case let .delete(at, n): d.removeSubrange(at..<min(at + n, d.count))
                }
            }
            return d
        }
    }
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/mutations")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    @Test func everyFilePillowReadsIsReadWithPillowsPixels() throws {
        var rejected: [String] = [], different: [String] = [], decodedOK = 0
        for fixture in Self.cases where fixture.pillow == "ok" {
            do {
                let image = try ImageDecoder.decode(data: fixture.bytes(), source: fixture.name,
                                                    options: DecodeOptions(failOnWarnings: false)).image
                if image.width != fixture.width || image.height != fixture.height
                    || SHA256.hex(image.pixels) != fixture.rgbaSHA256 {
                    different.append(fixture.name)
                } else {
                    decodedOK += 1
                }
            } catch {
                rejected.append("\(fixture.name): \(error)")
            }
        }
        #expect(rejected.isEmpty, "Pillow reads these, gpuglitch rejects them:\n\(rejected.joined(separator: "\n"))")
        #expect(different.isEmpty, "different pixels from Pillow: \(different)")
        #expect(decodedOK == Self.cases.count { $0.pillow == "ok" })
    }

    @Test func filesPillowRejectsNeverCrashTheDecoder() throws {
        var read = 0, refused = 0
        for fixture in Self.cases where fixture.pillow != "ok" {
            do {
                _ = try ImageDecoder.decode(data: fixture.bytes(), source: fixture.name,
                                            options: DecodeOptions(failOnWarnings: false))
                read += 1
            } catch is ImageCodecError {
                refused += 1
            }
        }
        #expect(read + refused == Self.cases.count { $0.pillow != "ok" })
    }

    /// seed-progressive-016 warns ("67 extraneous bytes before marker 0xc2") and then fails
    /// ("Quantization table 0x00 was not defined"); TurboJPEG still calls that a warning.
    /// Accepted, it came out as a partly written image (uninitialised memory). Pillow
    /// rejects it; so must we, with libjpeg's own message, in both modes.
    @Test(arguments: [false, true])
    func aFatalErrorAfterAWarningIsRefused(failOnWarnings: Bool) throws {
        let fixture = try #require(Self.cases.first { $0.name == "seed-progressive-016" })
        #expect(fixture.pillow == "rejected")
        let thrown = #expect(throws: ImageCodecError.self) {
            try ImageDecoder.decode(data: fixture.bytes(), source: fixture.name,
                                    options: DecodeOptions(failOnWarnings: failOnWarnings))
        }
        let expected: ImageCodecError.Reason = failOnWarnings
            ? .corrupt("Corrupt JPEG data: 67 extraneous bytes before marker 0xc2")
            : .corrupt("Quantization table 0x00 was not defined")
        #expect(thrown?.reason == expected)
    }
}
