import Foundation
import GPUOps
import Testing
import TestSupport

/// `--gravity attention|entropy` through the binary: the outputs are the library pipeline's, the
/// report records the gravity, and CPU and OpenCL write the same bytes.
@Suite("Gravity option")
struct GravityOptionTests {
    @Test("--gravity attention|entropy write what the pipeline renders, on the CPU and on OpenCL",
          arguments: ["attention", "entropy"])
    func contentAware(_ gravity: String) throws {
        let folder = try TemporaryFolder()
        let photo = try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.jpg"))
        try folder.write(photo, to: "in/c.jpg")
        let runner = CommandRunner(in: folder.url)
        var devices = ["cpu"]
        if OpenCLTestEnvironment.isAvailable { devices.append("opencl") }
        for device in devices {
            let r = try runner.run(["process", "in", "--output", device, "--format", "png", "--size", "96,120x40",
                                    "--gravity", gravity, "--device", device, "--no-glitch", "--report", "\(device).json"])
            #expect(r.status == 0, "\(r)")
            let report = try JSONSerialization.jsonObject(with: folder.contents("\(device).json")) as? [String: Any]
            #expect((report?["settings"] as? [String: Any])?["gravity"] as? String == gravity)
        }
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 96)!, ThumbnailSize(width: 120, height: 40)!]
        settings.gravity = Gravity(rawValue: gravity)!
        settings.glitch = nil
        let pipeline = ThumbnailPipeline(settings: settings)
        let decoded = try ImageDecoder.decode(data: [UInt8](photo), source: "c.jpg", options: pipeline.decodeOptions)
        let expected = try pipeline.render(ImageContainer(decoded), on: CPUBackend())
        for device in devices {
            for (name, image) in zip(["c_96.png", "c_120x40.png"], expected) {
                let written = try ImageDecoder.decode(data: [UInt8](try folder.contents("\(device)/\(name)")), source: name).image
                #expect(written == image, "\(device) \(name)")
            }
        }
    }
}
