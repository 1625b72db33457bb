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

    @Test("--device cpu writes the same bytes whichever vector kernels GPUGLITCH_CPU_KERNELS allows")
    func cpuKernelCaps() throws {
        let folder = try TemporaryFolder()
        // Reductions and an enlargement, both passes, every size of window the sizes give.
        try folder.write(ImageFiles.noisePNG(width: 613, height: 409, seed: 7, alpha: true), to: "a.png")
        try folder.write(ImageFiles.noisePNG(width: 97, height: 151, seed: 8), to: "b.png")
        /// The kernels `devices --json` says the CPU backend runs.
        func kernels(_ runner: CommandRunner) throws -> String? {
            let json = try runner.run(["devices", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            return (object?["cpu"] as? [String: Any])?["resampling"] as? String
        }
        let order = ["portable", "avx2", "avx512"]
        let widest = try #require(try kernels(CommandRunner(in: folder.url)))
        let widestIndex = try #require(order.firstIndex(of: widest))
        var outputs: [String: [String: Data]] = [:]
        for (index, cap) in order.enumerated() {
            var runner = CommandRunner(in: folder.url)
            runner.environment["GPUGLITCH_CPU_KERNELS"] = cap
            #expect(try kernels(runner) == order[min(index, widestIndex)], "capped at \(cap)")
            let result = try runner.run(["process", "a.png", "b.png", "--output", cap, "--device", "cpu", "--no-glitch",
                                         "--size", "300,100x40,33,200", "--fit", "contain", "--quiet"])
            #expect(result.status == 0, "\(cap): \(result)")
            let files = folder.files(under: cap)
            #expect(files.count == 8, "\(cap): \(files)")
            outputs[cap] = try Dictionary(uniqueKeysWithValues: files.map { ($0, try folder.contents("\(cap)/\($0)")) })
        }
        #expect(outputs["avx2"] == outputs["portable"])
        #expect(outputs["avx512"] == outputs["portable"])
    }

    @Test("--device cpu never needs OpenCL")
    func cpuWithoutOpenCL() throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url, environment: try NoOpenCL.environment(in: folder))
        let result = try runner.run(["process", "missing.png", "--output", "out", "--device", "cpu"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrLinesWithoutElapsedTime == [
            "gpuglitch: missing.png: No such file or directory",
            "gpuglitch: 0 images written, 1 failed, 0 skipped, 0.0 images/s, <t> s, device cpu",
        ])
    }
}
