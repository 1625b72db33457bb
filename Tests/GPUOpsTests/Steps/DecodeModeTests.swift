import ComputeCore
import CPUCompute
import Foundation
@testable import GPUOps
import ImageCodecs
import OpenCLCompute
import Testing
import TestSupport

/// Where `DecodeStep` decodes a JPEG in each `--decode` mode: on a device that is not a CPU,
/// `auto` and `device` take stage 2 for baseline files and stage 1 for the other JPEGs; a
/// CPU device and the CPU backend decode on the host unless `device` is asked for.
@Suite("--decode auto, host and device: which decoder each file gets")
struct DecodeModeTests {
    static let restartFile = RepositoryPaths.root.appendingPathComponent(
        "Tests/OpenCLComputeTests/Fixtures/jpeg-restart/420-rb7.jpg").path

    @Test("the stage each mode asks of each backend")
    func stages() throws {
        let cpu = CPUBackend(threads: 1)
        for mode in DecodeMode.allCases { #expect(mode.deviceStage(on: cpu) == nil, "\(mode)") }
        guard OpenCLTestEnvironment.isAvailable else { return }
        let pocl = try OpenCLTestDevice.backend()
        let gpuLike = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, kernelsSeeACPU: false)
        #expect(pocl.runsOnCPU && !gpuLike.runsOnCPU)
        #expect(DecodeMode.auto.deviceStage(on: pocl) == nil)
        #expect(DecodeMode.auto.deviceStage(on: gpuLike) == .entropy)
        #expect(DecodeMode.device.deviceStage(on: pocl) == .entropy)
        #expect(DecodeMode.device.deviceStage(on: gpuLike) == .entropy)
        #expect(DecodeMode.host.deviceStage(on: gpuLike) == nil)
    }

    @Test("auto on a GPU: stage 2 for baseline files with or without restart intervals, else stage 1, the host's pixels either way",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func autoOnAGPU() throws {
        let gpuLike = try OpenCLBackend(device: OpenCLTestDevice.first(), index: 0, kernelsSeeACPU: false)
        // 544x496 at 4:2:0 without restart intervals: one interval of 1,054 MCUs, cut into chunks.
        let long = try JPEGLayoutWriter.write(TestImages.noise(width: 544, height: 496, seed: 2), quality: 60)
        let longPath = FileManager.default.temporaryDirectory.appendingPathComponent("decode-mode-\(UUID()).jpg")
        try Data(long).write(to: longPath)
        defer { try? FileManager.default.removeItem(at: longPath) }
        let cases: [(path: String, auto: Int?, device: Int?)] = [
            (Self.restartFile, 2, 2),
            (longPath.path, 2, 2),
            (RepositoryPaths.samples.appendingPathComponent("chelsea-progressive.jpg").path, 1, 1),
            (RepositoryPaths.samples.appendingPathComponent("astronaut.png").path, nil, nil),
        ]
        for (path, autoStage, deviceStage) in cases {
            let host = try DecodeStep(mode: .host).decode(contentsOf: path, for: gpuLike)
            for (mode, stage) in [(DecodeMode.auto, autoStage), (.device, deviceStage)] {
                let image = try DecodeStep(mode: mode).decode(contentsOf: path, for: gpuLike)
                let name = "\((path as NSString).lastPathComponent) \(mode)"
                #expect((image.facts?.decodedOnDevice ?? false) == (stage != nil), "\(name)")
                #expect(image.facts?.deviceDecodeStage == stage, "\(name)")
                #expect(try image.hostImage() == host.hostImage(), "\(name)")
            }
        }
    }
}
