import Foundation
import GPUOps
import Testing
import TestSupport

/// The TIFF verdict fixtures (Tests/ImageCodecsTests/Fixtures/tiff-verdicts, issue 31) end to
/// end: one batch of all of them through the built binary, at full size without effects,
/// under a heap filled with a different byte on each run (glibc's MALLOC_PERTURB_): each file
/// Pillow 13.0.0 reads is written with Pillow's pixels, the same on both runs, and each file it
/// refuses fails alone with one line naming it and the reason.
@Suite("TIFF files at the edge of what Pillow reads")
struct TIFFVerdictInputTests {
    typealias Case = PillowVerdictFixture

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/tiff-verdicts")

    @Test("each file gets Pillow's verdict and pixels, whatever the heap held", arguments: ["85", "170"])
    func pillowsVerdictThroughTheBinary(perturb: String) throws {
        let cases: [Case] = try FixtureManifest.cases(in: Self.folder)
        #expect(cases.count == 18)
        let work = try TemporaryFolder()
        var inputs: [String] = []
        for c in cases {
            inputs.append(try work.write(try Data(contentsOf: Self.folder.appendingPathComponent(c.file)), to: "in/\(c.file)"))
        }
        let runner = CommandRunner(in: work.url, environment: ["MALLOC_PERTURB_": perturb])
        let r = try runner.run(["process"] + inputs + ["--output", "out", "--format", "png", "--no-glitch", "--size", "65535",
                                                        "--fit", "contain", "--no-enlarge", "--device", "cpu", "--quiet"])
        let refused = cases.filter { $0.pillow != "ok" }
        #expect(r.status == (refused.isEmpty ? 0 : 1), "\(r)")
        #expect(r.stderrLines.count == refused.count, "one line for each refused file (--quiet)\n\(r)")
        for c in refused {
            let line = "in/\(c.file): \(c.error ?? "")"
            #expect(r.stderrLines.contains { $0.hasSuffix(line) }, "\(line)\n\(r)")
        }
        for c in cases where c.pillow == "ok" {
            let name = (c.file as NSString).deletingPathExtension + ".png"
            let image = try ImageDecoder.decode(data: [UInt8](try work.contents("out/\(name)")), source: name).image
            #expect(image.width == c.width && image.height == c.height, "\(c.file)")
            if let rows = c.matchingRows {
                let expected = [UInt8](try #require(c.rgba.flatMap { Data(base64Encoded: $0) }))
                let bytes = rows * image.width * 4
                #expect(image.pixels.prefix(bytes) == expected.prefix(bytes), "\(c.file)")
            } else if let tolerance = c.tolerance, tolerance > 0 {
                let expected = [UInt8](try #require(c.rgba.flatMap { Data(base64Encoded: $0) }))
                let worst = zip(expected, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(expected.count == image.pixels.count && worst <= tolerance, "\(c.file): \(worst)")
            } else {
                #expect(SHA256.hex(image.pixels) == c.rgbaSHA256, "\(c.file)")
            }
        }
    }
}
