import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Seeded byte mutations of every BMP, GIF and TIFF fixture (a small, repeatable fuzz run): each
/// either decodes to the size its header promises or fails with one `ImageCodecError` naming
/// the input; none traps, hangs or prints.
@Suite struct FormatMutationTests {
    static let folders = ["bmp", "gif", "tiff"]

    @Test(arguments: folders)
    func mutatedFilesDecodeAsTheirHeaderSaysOrFailWithOneError(_ folder: String) throws {
        var rng = SplitMix64(seed: 22)
        var decoded = 0, failed = 0
        for fixture in FormatFixtureManifest.cases(in: folder) {
            let url = FormatFixtureManifest.folder(folder).appendingPathComponent(fixture.file)
            let original = [UInt8](try Data(contentsOf: url))
            for _ in 0..<40 {
                var bytes = original
                for _ in 0...(rng.next() % 4) {
                    // Headers hold most of the decisions: half the hits land in the first 64 bytes.
                    let span = rng.next() % 2 == 0 ? min(64, bytes.count) : bytes.count
                    bytes[Int(rng.next() % UInt64(span))] = UInt8(truncatingIfNeeded: rng.next())
                }
                do {
                    let image = try ImageDecoder.decode(data: bytes, source: "m").image
                    let header = try ImageDecoder.readHeader(data: bytes, source: "m")
                    #expect(image.width == header.width && image.height == header.height, "\(fixture.file)")
                    decoded += 1
                } catch {
                    #expect(error.source == "m")
                    failed += 1
                }
            }
        }
        #expect(decoded > 0 && failed > 0, "decoded \(decoded), failed \(failed)")
    }
}
