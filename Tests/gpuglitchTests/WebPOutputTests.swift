import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--format webp` through the binary.
@Suite("WebP output")
struct WebPOutputTests {
    @Test("--format webp --lossless: the pixels equal the PNG output's, transparency included, on both backends",
          arguments: ["cpu", "opencl"])
    func losslessEqualsPNG(device: String) throws {
        if device == "opencl" && !OpenCLTestEnvironment.isAvailable { return }
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 90, height: 70, seed: 3, alpha: true), to: "in/a.png")
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.jpg")), to: "in/b.jpg")
        let runner = CommandRunner(in: folder.url)
        let common = ["process", "in", "--size", "48", "--device", device, "--effect", "sepia"]
        let webp = try runner.run(common + ["--output", "webp", "--format", "webp", "--lossless", "--report", "r.json"])
        #expect(webp.status == 0, "\(webp)")
        let png = try runner.run(common + ["--output", "png", "--format", "png"])
        #expect(png.status == 0, "\(png)")
        #expect(folder.files(under: "webp") == ["a.webp", "b.webp"])
        for name in ["a", "b"] {
            let w = try ImageDecoder.decode(data: [UInt8](folder.contents("webp/\(name).webp")), source: name).image
            let p = try ImageDecoder.decode(data: [UInt8](folder.contents("png/\(name).png")), source: name).image
            #expect(w == p, "\(name)")
        }
        let report = try JSONSerialization.jsonObject(with: folder.contents("r.json")) as! [String: Any]
        let settings = report["settings"] as! [String: Any]
        #expect(settings["format"] as? String == "webp" && settings["lossless"] as? Bool == true)
    }

    @Test("lossy WebP follows --quality; the input's ICC profile is kept; WebP inputs are found in folders and kept as WebP")
    func lossyProfileAndKeep() throws {
        let folder = try TemporaryFolder()
        let icc = RepositoryPaths.fixtures.appendingPathComponent("icc")
        try folder.write(try Data(contentsOf: icc.appendingPathComponent("srgb-profile.png")), to: "in/p.png")
        let runner = CommandRunner(in: folder.url)
        for quality in ["20", "95"] {
            let r = try runner.run(["process", "in", "--output", "q\(quality)", "--format", "webp", "--quality", quality,
                                    "--size", "64", "--device", "cpu"])
            #expect(r.status == 0, "\(r)")
        }
        let low = try folder.contents("q20/p.webp"), high = try folder.contents("q95/p.webp")
        #expect(low.count < high.count)
        let expected = [UInt8](try Data(contentsOf: icc.appendingPathComponent("srgb.icc")))
        #expect(ICCProfile.read(from: [UInt8](high)) == expected)
        // The WebP outputs as inputs: found in a folder, written as WebP with --format keep.
        let again = try runner.run(["process", "q95", "--output", "again", "--size", "32", "--device", "cpu"])
        #expect(again.status == 0, "\(again)")
        #expect(folder.files(under: "again") == ["p.webp"])
    }

    @Test("--lossless with another format is a usage error")
    func losslessNeedsWebP() throws {
        let folder = try TemporaryFolder()
        let r = try CommandRunner(in: folder.url).run(["process", "x.png", "--output", "o", "--format", "png", "--lossless"])
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("--lossless"))
    }
}
