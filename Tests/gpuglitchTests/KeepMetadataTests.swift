import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--keep` through the binary: its usage errors, EXIF kept from a rotated JPEG saying the
/// truth about the thumbnail (orientation 1, the camera's tags still there), nothing kept by
/// default or with `none`, the setting in the report, and a damaged EXIF block a warning in
/// the report and on standard error while the image is written.
@Suite("--keep")
struct KeepMetadataTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/metadata")

    static func input(_ folder: TemporaryFolder, _ name: String = "rotated.jpg") throws {
        try folder.write(try Data(contentsOf: fixtures.appendingPathComponent(name)), to: "in/\(name)")
    }

    static func readBack(_ bytes: [UInt8]) throws -> DecodedImage {
        var options = DecodeOptions(applyOrientation: false)
        options.readsMetadata = .all
        return try ImageDecoder.decode(data: bytes, source: "out", options: options)
    }

    @Test("usage errors name the entry", arguments: [
        ("gps", "--keep: 'gps' is not one of none, icc, exif, xmp, iptc, all (got 'gps')"),
        ("exif,", "--keep: an entry is empty (got 'exif,')"),
        ("none,exif", "--keep: none cannot be listed with other entries (got 'none,exif')"),
    ])
    func usage(_ list: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url).run(["process", "missing.png", "--output", "out", "--keep", list])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
    }

    @Test("--icc keep with a --keep list without icc contradicts it")
    func iccContradiction() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url).run(["process", "missing.png", "--output", "out", "--keep", "exif",
                                                            "--icc", "keep"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Error: --icc keep needs icc in --keep (got 'exif')"), "\(result)")
    }

    @Test("--keep exif on a rotated JPEG: Orientation 1 in the output, the pixels upright, the camera's tags kept", arguments: ["jpeg", "png", "webp"])
    func keptExif(format: String) throws {
        let folder = try TemporaryFolder()
        try Self.input(folder)
        let kept = try CommandRunner(in: folder.url).run(["process", "in", "--output", "kept", "--size", "16x12", "--keep", "exif",
                                                          "--format", format, "--no-glitch", "--device", "cpu"])
        #expect(kept.status == 0, "\(kept)")
        let plain = try CommandRunner(in: folder.url).run(["process", "in", "--output", "plain", "--size", "16x12",
                                                           "--format", format, "--no-glitch", "--device", "cpu"])
        #expect(plain.status == 0, "\(plain)")
        let ext = format == "jpeg" ? "jpg" : format
        let keptBytes = [UInt8](try folder.contents("kept/rotated.\(ext)"))
        let plainBytes = [UInt8](try folder.contents("plain/rotated.\(ext)"))
        let output = try Self.readBack(keptBytes)
        let exif = try #require(output.metadata.exif)
        #expect(output.metadata.orientation == .topLeft)
        #expect(output.metadata.xmp == nil && output.metadata.iptc == nil)
        #expect(exif.starts(with: [0x49, 0x49]))
        #expect(exif.firstRange(of: Array("gpuglitch camera".utf8)) != nil)
        #expect(exif.firstRange(of: Array("(c) gpuglitch fixtures".utf8)) != nil)
        #expect(output.image == (try ImageDecoder.decode(data: plainBytes, source: "plain").image), "the metadata changes no pixel")
        #expect(output.image.width == 16 && output.image.height == 12)
        let stripped = try Self.readBack(plainBytes)
        #expect(stripped.metadata.exif == nil && stripped.metadata.xmp == nil && stripped.metadata.iptc == nil)
    }

    @Test("the report records the kept blocks, and a damaged EXIF block as a warning on a written image")
    func reportAndWarning() throws {
        let folder = try TemporaryFolder()
        // An APP1 Exif segment whose IFD0 points its Exif directory at itself.
        let jpeg = try ImageEncoder.encode(TestImages.noise(width: 24, height: 24, seed: 5), as: .jpeg)
        let cyclic: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(2 + 6 + cyclic.count), 0x45, 0x78, 0x69, 0x66, 0, 0] + cyclic
        try folder.write(Data(Array(jpeg[..<2]) + segment + Array(jpeg[2...])), to: "in/cyclic.jpg")
        let result = try CommandRunner(in: folder.url).run(["process", "in", "--output", "out", "--size", "8", "--keep", "all",
                                                            "--device", "cpu", "--report", "report.json"])
        #expect(result.status == 0, "\(result)")
        let report = try JSONSerialization.jsonObject(with: try folder.contents("report.json")) as! [String: Any]
        #expect((report["settings"] as! [String: Any])["keep"] as? String == "all")
        let image = (report["images"] as! [[String: Any]])[0]
        #expect(image["status"] as? String == "ok")
        #expect(image["warnings"] as? [String] == ["EXIF dropped: the directory at offset 8 is reached twice"])
        // And on standard error, one line naming the input.
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("gpuglitch: ") && lines[0].contains("cyclic.jpg: warning: EXIF dropped: the directory at offset 8 is reached twice"),
                "\(result)")
        #expect(try Self.readBack([UInt8](try folder.contents("out/cyclic.jpg"))).metadata.exif == nil)
    }
}
