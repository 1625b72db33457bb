import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--format avif` and `--format jxl` through the binary.
@Suite("AVIF and JPEG XL output")
struct AVIFJXLOutputTests {
    @Test("--format jxl --lossless: the pixels equal the PNG output's, transparency included, on both backends; JPEG XL inputs are kept as JPEG XL",
          arguments: ["cpu", "opencl"])
    func losslessJXLEqualsPNG(device: String) throws {
        if device == "opencl" && !OpenCLTestEnvironment.isAvailable { return }
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 90, height: 70, seed: 3, alpha: true), to: "in/a.png")
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.jpg")), to: "in/b.jpg")
        let runner = CommandRunner(in: folder.url)
        let common = ["process", "in", "--size", "48", "--device", device, "--effect", "sepia"]
        let jxl = try runner.run(common + ["--output", "jxl", "--format", "jxl", "--lossless", "--effort", "3"])
        #expect(jxl.status == 0, "\(jxl)")
        let png = try runner.run(common + ["--output", "png", "--format", "png"])
        #expect(png.status == 0, "\(png)")
        #expect(folder.files(under: "jxl") == ["a.jxl", "b.jxl"])
        for name in ["a", "b"] {
            let j = try ImageDecoder.decode(data: [UInt8](folder.contents("jxl/\(name).jxl")), source: name).image
            let p = try ImageDecoder.decode(data: [UInt8](folder.contents("png/\(name).png")), source: name).image
            #expect(j == p, "\(name)")
        }
        let again = try runner.run(["process", "jxl", "--output", "again", "--size", "32", "--device", "cpu"])
        #expect(again.status == 0, "\(again)")
        #expect(folder.files(under: "again") == ["a.jxl", "b.jxl"])
    }

    @Test("--format avif follows --quality and --effort and keeps the ICC profile")
    func avifQualityEffortProfile() throws {
        let folder = try TemporaryFolder()
        let icc = RepositoryPaths.fixtures.appendingPathComponent("icc")
        try folder.write(try Data(contentsOf: icc.appendingPathComponent("srgb-profile.png")), to: "in/p.png")
        let runner = CommandRunner(in: folder.url)
        for (name, options) in [("q20", ["--quality", "20"]), ("q95", ["--quality", "95"]), ("q95e0", ["--quality", "95", "--effort", "0"])] {
            let r = try runner.run(["process", "in", "--output", name, "--format", "avif", "--size", "64", "--device", "cpu"] + options)
            #expect(r.status == 0, "\(r)")
        }
        let low = try folder.contents("q20/p.avif"), high = try folder.contents("q95/p.avif"), fast = try folder.contents("q95e0/p.avif")
        #expect(low.count < high.count && high != fast)
        #expect(ImageFormat(signatureOf: [UInt8](high)) == .avif)
        let expected = [UInt8](try Data(contentsOf: icc.appendingPathComponent("srgb.icc")))
        #expect(ICCProfile.read(from: [UInt8](high)) == expected)
    }

    @Test("--effort out of its format's range, or with another format, is a usage error", arguments: [
        (["--format", "avif", "--effort", "11"], "--effort must be 0...10 for AVIF (got 11)"),
        (["--format", "jxl", "--effort", "0"], "--effort must be 1...9 for JPEG XL (got 0)"),
        (["--format", "png", "--effort", "3"], "--effort goes with --format webp, avif or jxl (or keep, for WebP, AVIF and JPEG XL inputs)"),
        (["--format", "avif", "--lossless"], "--lossless goes with --format webp or jxl (or keep, for WebP and JPEG XL inputs)"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let folder = try TemporaryFolder()
        let r = try CommandRunner(in: folder.url).run(["process", "x.png", "--output", "o"] + arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains(message), "\(r)")
    }
}
