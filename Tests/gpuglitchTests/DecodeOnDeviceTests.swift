import Foundation
import Testing
import TestSupport

/// `--decode auto|host|device` through the built binary (issue 35 stage 1): the device JPEG
/// decoder writes the files the CPU writes, the report says where each input was decoded, and
/// `verify --decode device` checks the decoder against libjpeg-turbo.
@Suite("Decoding JPEGs on the device", .serialized)
struct DecodeOnDeviceTests {
    /// The sample photos and the decode fixtures (sampling, progressive, restart, gray, EXIF
    /// orientations, CMYK and YCCK, which stay on the host).
    private func inputs(in folder: TemporaryFolder) throws -> [String] {
        var names: [String] = []
        let fixtures = RepositoryPaths.fixtures.appendingPathComponent("decode")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".jpg") {
            try folder.link("in/fixture-\(name)", to: fixtures.appendingPathComponent(name).path)
            names.append("fixture-\(name)")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.samples.path)
        where name.hasSuffix(".jpg") {
            try folder.link("in/sample-\(name)", to: RepositoryPaths.samples.appendingPathComponent(name).path)
            names.append("sample-\(name)")
        }
        return names.sorted()
    }

    private func records(_ folder: TemporaryFolder, _ name: String) throws -> [String: String] {
        try records(folder, name, key: "decodedOn")
    }

    private func records(_ folder: TemporaryFolder, _ name: String, key: String) throws -> [String: String] {
        let json = try #require(try JSONSerialization.jsonObject(with: folder.contents(name)) as? [String: Any])
        let images = try #require(json["images"] as? [[String: Any]])
        var values: [String: String] = [:]
        for image in images {
            let input = try #require(image["input"] as? String)
            values[(input as NSString).lastPathComponent] = image[key].map { "\($0)" } ?? "absent"
        }
        return values
    }

    @Test("--device cpu --decode device is a usage error that says why")
    func deviceDecodeNeedsADevice() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url)
            .run(["process", "missing.png", "--output", "out", "--device", "cpu", "--decode", "device"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(
            "Error: --decode device needs an OpenCL device, and --device cpu has none; use --decode host or auto, or --device opencl"),
            "\(result)")
    }

    @Test("process --device opencl --decode device writes the CPU's bytes; the report says where each was decoded",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func deviceDecodeWritesTheCPUsFiles() throws {
        let folder = try TemporaryFolder()
        let names = try inputs(in: folder)
        #expect(names.count >= 25)
        var outputs: [String: [String]] = [:]
        for (run, arguments) in [("cpu", ["--device", "cpu"]), ("device", ["--device", "opencl", "--decode", "device"]),
                                 ("auto", ["--device", "opencl"])] {
            let result = try CommandRunner(in: folder.url).run(
                ["process", "in", "--output", run, "--size", "96,40x30", "--format", "png", "--report", "\(run).json"]
                    + arguments)
            #expect(result.status == 0, "\(result)")
            outputs[run] = folder.files(under: run)
            let decodedOn = try records(folder, "\(run).json")
            #expect(decodedOn.count == names.count)
            for name in names {
                // CMYK and YCCK stay with libjpeg-turbo; auto decodes on the host (DecodeMode.auto).
                let onDevice = run == "device" && !name.contains("cmyk") && !name.contains("ycck")
                #expect(decodedOn[name] == (onDevice ? "device" : "host"), "\(run): \(name)")
            }
            // The stage: 2 (the device's Huffman decode) for baseline files, 1 for progressive ones.
            let stages = try records(folder, "\(run).json", key: "decodeStage")
            for name in names {
                let expected = decodedOn[name] != "device" ? "absent" : name.contains("progressive") ? "1" : nil
                if let expected { #expect(stages[name] == expected, "\(run): \(name)") }
                else { #expect(stages[name] == "1" || stages[name] == "2", "\(run): \(name)") }
            }
            if run == "device" { #expect(stages.values.filter { $0 == "2" }.count >= 10, "\(stages)") }
        }
        #expect(outputs["cpu"]?.count == names.count * 2)
        for run in ["device", "auto"] {
            #expect(outputs[run] == outputs["cpu"])
            for file in outputs["cpu"] ?? [] {
                #expect(try folder.contents("cpu/\(file)") == folder.contents("\(run)/\(file)"), "\(run): \(file)")
            }
        }
    }

    @Test("verify --decode device compares the device decoder with libjpeg-turbo at every size",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func verifyDeviceDecode() throws {
        let folder = try TemporaryFolder()
        let names = try inputs(in: folder)
        let result = try CommandRunner(in: folder.url).run(
            ["verify", "in", "--device", "opencl", "--decode", "device", "--size", "256,64", "--no-glitch"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("\(names.count) identical, 0 not, on opencl:0") == true, "\(result)")
        let onDevice = lines.filter { $0.hasSuffix(": identical (decoded on the device)") }
        #expect(onDevice.count == names.count - 2, "\(result)")
    }
}
