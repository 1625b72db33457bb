import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// `--format gif` for stills through the binary, and `--format keep` for GIF inputs.
@Suite("GIF output")
struct GIFOutputTests {
    @Test("--format keep writes a GIF input as GIF: an animation with every frame, a still as a still, each as --format gif writes it")
    func keepWritesGIFAsGIF() throws {
        let folder = try TemporaryFolder()
        let animation = try #require(AnimationFixtures.cases.first { $0.name == "disposal.gif" })
        let still = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/gif/palette.gif")
        try folder.write(Data(contentsOf: URL(fileURLWithPath: animation.path)), to: "in/moving.gif")
        try folder.write(Data(contentsOf: still), to: "in/still.GIF")
        let runner = CommandRunner(in: folder.url)
        let common = ["process", "in", "--size", "24", "--device", "cpu", "--glitch", "seed=7,tears=3"]
        let keep = try runner.run(common + ["--output", "keep", "--format", "keep"])
        let gif = try runner.run(common + ["--output", "gif", "--format", "gif"])
        #expect(keep.status == 0 && gif.status == 0, "\(keep) \(gif)")
        #expect(folder.files(under: "keep").sorted() == ["moving.gif", "still.gif"])
        for (name, frameCount) in [("moving", animation.frames), ("still", 1)] {
            let kept = try folder.contents("keep/\(name).gif"), asked = try folder.contents("gif/\(name).gif")
            #expect(ImageFormat(signatureOf: [UInt8](kept)) == .gif)
            let keptFrames = try AnimationTests.frames(of: kept, source: name)
            let askedFrames = try AnimationTests.frames(of: asked, source: name)
            #expect(keptFrames.frames.count == frameCount, "\(name)")
            #expect(keptFrames.loop == askedFrames.loop, "\(name)")
            #expect(keptFrames.frames.map(\.pixels) == askedFrames.frames.map(\.pixels), "\(name)")
            #expect(keptFrames.frames.map(\.duration) == askedFrames.frames.map(\.duration), "\(name)")
            #expect(kept == asked, "\(name): the same bytes as --format gif")
        }
    }

    @Test("--format gif writes the GIF of the PNG output's pixels, byte for byte, transparency included")
    func gifOfThePNGPixels() throws {
        let folder = try TemporaryFolder()
        // Noise whose left 40 columns are fully transparent, the rest noisy alpha.
        var half = TestImages.noise(width: 90, height: 70, seed: 5, alpha: true).pixels
        for y in 0..<70 { for x in 0..<40 { half[(y * 90 + x) * 4 + 3] = 0 } }
        try folder.write(StoredPNG.encode(try HostImage(width: 90, height: 70, pixels: half)), to: "in/a.png")
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.jpg")), to: "in/b.jpg")
        let runner = CommandRunner(in: folder.url)
        let common = ["process", "in", "--size", "64", "--device", "cpu", "--glitch", "seed=3"]
        let gif = try runner.run(common + ["--output", "gif", "--format", "gif"])
        #expect(gif.status == 0, "\(gif)")
        let png = try runner.run(common + ["--output", "png", "--format", "png"])
        #expect(png.status == 0, "\(png)")
        #expect(folder.files(under: "gif") == ["a.gif", "b.gif"])
        var sawTransparency = false
        for name in ["a", "b"] {
            let written = [UInt8](try folder.contents("gif/\(name).gif"))
            #expect(ImageFormat(signatureOf: written) == .gif)
            let pixels = try ImageDecoder.decode(data: [UInt8](folder.contents("png/\(name).png")), source: name).image
            #expect(written == (try ImageEncoder.encode(pixels, as: .gif)), "\(name)")
            let decoded = try ImageDecoder.decode(data: written, source: name).image
            #expect(decoded.width == pixels.width && decoded.height == pixels.height)
            for i in stride(from: 3, to: pixels.pixels.count, by: 4) {
                #expect((decoded.pixels[i] == 0) == (pixels.pixels[i] == 0))
                sawTransparency = sawTransparency || pixels.pixels[i] == 0
            }
        }
        #expect(sawTransparency)
        let lossless = try runner.run(common + ["--output", "x", "--format", "gif", "--lossless"])
        #expect(lossless.status != 0 && lossless.stderr.contains("--lossless goes with --format webp or jxl"))
    }
}
