import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ImageCodecs
import Testing
import TestSupport

/// HEICs damaged in ways pillow-heif still reads (Fixtures/heif/damaged, copies of what the fuzz
/// targets found in Fuzz/regressions/decode): each decodes within 1 of pillow-heif 1.8.1, and to
/// the same bytes whatever the heap held before, the area libde265 never decoded being zeros as in
/// pillow-heif (`HEIFLoader.picturesStartAsZeros`), not leftover memory.
@Suite struct HEIFDamageTests {
    static let folder = FormatFixtureManifest.folder("heif/damaged")
    static let cases = FormatFixtureManifest.cases(in: "heif/damaged")
    static let regressions = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/decode")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyFindingHasAFixture() throws {
        #expect(Self.cases.map(\.file) == ["slice-ends-early.heic"])
        let regression = try Data(contentsOf: Self.regressions.appendingPathComponent("heif-slice-ends-early.heic"))
        #expect([UInt8](regression) == (try Self.bytes("slice-ends-early.heic")))
    }

    /// libde265 reports nothing for these (no warning, no error), so strict decodes read them too.
    @Test(arguments: cases, [false, true])
    func decodesWithinOneOfPillowHeif(_ fixture: FormatFixtureManifest.Case, failOnWarnings: Bool) throws {
        let decoded = try ImageDecoder.decode(data: Self.bytes(fixture.file), source: fixture.file,
                                              options: DecodeOptions(failOnWarnings: failOnWarnings))
        #expect(decoded.facts.format == .heif)
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        let expected = fixture.expectedRGBA
        let largest = zip(decoded.image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(decoded.image.pixels.count == expected.count && largest <= 1, "largest difference \(largest)")
    }

    #if canImport(Glibc)
    /// glibc's `mallopt`, which Swift's Glibc module leaves out (it is in <malloc.h>), and its
    /// `M_PERTURB` (-6): every allocation after `mallopt(M_PERTURB, b)` is filled with `b ^ 0xFF`
    /// (freed memory with `b`), as the `MALLOC_PERTURB_` variable does, until it is set to 0.
    static let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
        .map { unsafeBitCast($0, to: (@convention(c) (Int32, Int32) -> Int32).self) }
    static let perturb: Int32 = -6

    /// The finding itself: with glibc filling new allocations with one byte, then another,
    /// libde265 1.0.11's uncleared pictures gave two decodes that differed in the 16x4 block its
    /// slice never reached.
    @Test(arguments: cases)
    func decodesToTheSameBytesWhateverTheHeapHeld(_ fixture: FormatFixtureManifest.Case) throws {
        let mallopt = try #require(Self.mallopt)
        let bytes = try Self.bytes(fixture.file)
        func decode(fillingTheHeapWith byte: Int32) throws -> [UInt8] {
            _ = mallopt(Self.perturb, byte)
            defer { _ = mallopt(Self.perturb, 0) }
            return try ImageDecoder.decode(data: bytes, source: fixture.file,
                                           options: DecodeOptions(failOnWarnings: false)).image.pixels
        }
        let first = try decode(fillingTheHeapWith: 0x55)
        let second = try decode(fillingTheHeapWith: 0xAA)
        let differing = zip(first, second).filter { $0 != $1 }.count
        #expect(first.count == second.count && differing == 0, "\(differing) bytes differ")
    }
    #endif
}
