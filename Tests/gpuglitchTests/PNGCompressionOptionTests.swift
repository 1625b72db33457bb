import Foundation
import GPUOps
import Testing
import TestSupport

/// `--png-compression` through the binary.
@Suite("PNG compression option")
struct PNGCompressionOptionTests {
    @Test("--png-compression fast|standard|smallest: the same pixels, smallest no larger than standard; a bad value is a usage error")
    func levels() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.jpg")), to: "in/c.jpg")
        try folder.write(ImageFiles.noisePNG(width: 40, height: 30, seed: 9, alpha: true), to: "in/n.png")
        let runner = CommandRunner(in: folder.url)
        for level in ["fast", "standard", "smallest"] {
            let r = try runner.run(["process", "in", "--output", level, "--format", "png", "--png-compression", level,
                                    "--size", "200", "--device", "cpu", "--no-glitch", "--report", "\(level).json"])
            #expect(r.status == 0, "\(r)")
            let report = try JSONSerialization.jsonObject(with: folder.contents("\(level).json")) as? [String: Any]
            let settings = report?["settings"] as? [String: Any]
            #expect(settings?["pngCompression"] as? String == level, "the report records the level")
        }
        for name in ["c", "n"] {
            let standard = [UInt8](try folder.contents("standard/\(name).png"))
            let pixels = try ImageDecoder.decode(data: standard, source: name).image
            for level in ["fast", "smallest"] {
                let other = [UInt8](try folder.contents("\(level)/\(name).png"))
                #expect(try ImageDecoder.decode(data: other, source: name).image == pixels, "\(level) \(name)")
            }
        }
        #expect(try folder.contents("smallest/c.png").count <= folder.contents("standard/c.png").count)
        let bad = try runner.run(["process", "in", "--output", "bad", "--png-compression", "best"])
        #expect(bad.status == 2, "\(bad)")
    }
}
