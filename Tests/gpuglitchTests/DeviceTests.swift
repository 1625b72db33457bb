import Foundation
import Testing
import TestSupport

/// `gpuglitch devices`, and `--device` on a machine without OpenCL (simulated with
/// `OCL_ICD_VENDORS` pointing at an empty folder).
@Suite("Devices")
struct DeviceTests {
    @Test("devices exits 0, lists the CPU fallback and marks what auto picks; --json parses")
    func listing() throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url)
        let text = try runner.run(["devices"])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("cpu"), "\(text)")
        #expect(text.stdout.contains("(auto)"), "\(text)")

        let json = try runner.run(["devices", "--json"])
        #expect(json.status == 0, "\(json)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
        #expect(object is [String: Any])
    }

    @Test("devices shows which resampling kernels an OpenCL CPU device built (a compiler targeting AVX2, as POCL: the x86 ones)",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func kernelFlavour() throws {
        let folder = try TemporaryFolder()
        let json = try CommandRunner(in: folder.url).run(["devices", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let platforms = try #require(object["platforms"] as? [[String: Any]])
        let cpuDevices = platforms.flatMap { ($0["devices"] as? [[String: Any]]) ?? [] }.filter { $0["type"] as? String == "cpu" }
        let kernels = (object["kernels"] as? [String: [String: Any]]) ?? [:]
        #expect(kernels.count == cpuDevices.count, "one report per OpenCL CPU device: \(json.stdout)")
        // Asked of the device's compiler, not of the host CPU: rusticl on an AVX2 host builds
        // the portable kernels only.
        if let first = kernels["opencl:0"], DeviceCompilerProbe.firstDeviceTargetsX86AVX2 {
            #expect(first["resampling"] as? String == "x86 AVX2", "\(json.stdout)")
            #expect(first["x86BuildError"] == nil)
            let text = try CommandRunner(in: folder.url).run(["devices"])
            #expect(text.stdout.contains("resampling kernels: x86 AVX2"), "\(text)")
        }
    }

    @Test("without OpenCL: devices says so plainly and exits 0")
    func listingWithoutOpenCL() throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url, environment: try NoOpenCL.environment(in: folder))
        let result = try runner.run(["devices"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("No OpenCL device found"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test("without OpenCL: opencl, opencl:N and gpu exit 3 with one line saying why",
          arguments: ["opencl", "opencl:0", "gpu"])
    func missingDevice(device: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.gradientPNG(width: 8, height: 8), to: "a.png")
        let runner = CommandRunner(in: folder.url, environment: try NoOpenCL.environment(in: folder))
        for arguments in [["--device", device], []] {
            let environment: [String: String?] = arguments.isEmpty ? ["GPUGLITCH_DEVICE": device] : [:]
            var withDevice = runner
            withDevice.environment.merge(environment) { $1 }
            let result = try withDevice.run(["process", "a.png", "--output", "out"] + arguments)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.lowercased().contains("no opencl"), "\(result)")
            #expect(folder.files(under: "out").isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing created before exit 3")
        }
    }

    @Test("--device cpu never needs OpenCL")
    func cpuWithoutOpenCL() throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url, environment: try NoOpenCL.environment(in: folder))
        let result = try runner.run(["process", "missing.png", "--output", "out", "--device", "cpu"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLines == [
            "gpuglitch: missing.png: No such file or directory",
            "gpuglitch: 0 images written, 1 failed, 0 skipped, 0.0 images/s, 0.00 s, device cpu",
        ])
    }
}
