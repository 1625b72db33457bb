import Foundation
import GPUOps
import Testing
import TestSupport

/// Width-only and height-only entries, `--fit pad` and `{width}` names, and the JPEG and WebP
/// encoder options, through the binary.
@Suite("Boxes and encoder options")
struct BoxesAndEncodersTests {
    static func image(_ folder: TemporaryFolder, _ path: String) throws -> HostImage {
        try ImageDecoder.decode(contentsOf: folder.path(path)).image
    }

    @Test("--size 100x,x50,64x48 --fit pad: one-sided entries follow the picture, the box is filled with --background; {width} names")
    func boxes() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 120, height: 80, seed: 1), to: "in/a.png")
        let runner = CommandRunner(in: folder.url)
        let result = try runner.run(["process", "in", "--output", "out", "--size", "100x,x50,64x48", "--fit", "pad",
                                     "--background", "#ff000080", "--device", "cpu", "--no-glitch"])
        #expect(result.status == 0, "\(result)")
        #expect(folder.files(under: "out").sorted() == ["a_100x.png", "a_64x48.png", "a_x50.png"])
        let wide = try Self.image(folder, "out/a_100x.png")
        #expect(wide.width == 100 && wide.height == 67)
        let tall = try Self.image(folder, "out/a_x50.png")
        #expect(tall.width == 75 && tall.height == 50)
        let box = try Self.image(folder, "out/a_64x48.png")
        #expect(box.width == 64 && box.height == 48)
        // 120×80 into 64×48: 64×43 (42.67 rounds to 43), slack 5: round(2.5) = 2 rows above.
        #expect(Array(box.pixels[0..<4]) == [255, 0, 0, 128])
        #expect(Array(box.pixels[(2 * 64 * 4)..<(2 * 64 * 4 + 4)]) != [255, 0, 0, 128])
        #expect(Array(box.pixels[(45 * 64 * 4)..<(45 * 64 * 4 + 4)]) == [255, 0, 0, 128])
        let named = try runner.run(["process", "in", "--output", "named", "--size", "100x,64x48", "--fit", "pad",
                                    "--output-template", "{width}w/{stem}.{ext}", "--device", "cpu", "--no-glitch"])
        #expect(named.status == 0, "\(named)")
        #expect(folder.files(under: "named").sorted() == ["100w/a.png", "64w/a.png"])
    }

    @Test("--jpeg-progressive --jpeg-subsampling 4:4:4 --jpeg-optimize: SOF2, 1×1 luma sampling; --effort 0 lossless keeps the pixels")
    func encoders() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("chelsea.png")), to: "in/c.png")
        let runner = CommandRunner(in: folder.url)
        let jpeg = try runner.run(["process", "in", "--output", "jpeg", "--format", "jpeg", "--size", "200", "--no-glitch",
                                   "--device", "cpu", "--jpeg-progressive", "--jpeg-subsampling", "4:4:4", "--jpeg-optimize"])
        #expect(jpeg.status == 0, "\(jpeg)")
        let file = [UInt8](try folder.contents("jpeg/c.jpg"))
        let sof = try #require(file.indices.dropLast().first { file[$0] == 0xFF && [0xC0, 0xC2].contains(file[$0 + 1]) })
        #expect(file[sof + 1] == 0xC2)
        #expect(file[sof + 11] == 0x11)
        for effort in ["0", "6"] {
            let webp = try runner.run(["process", "in", "--output", "webp\(effort)", "--format", "webp", "--lossless",
                                       "--effort", effort, "--size", "64", "--no-glitch", "--device", "cpu"])
            #expect(webp.status == 0, "\(webp)")
        }
        #expect(try Self.image(folder, "webp0/c.webp") == Self.image(folder, "webp6/c.webp"))
    }
}
