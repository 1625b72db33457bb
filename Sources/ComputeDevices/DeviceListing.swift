import CPUCompute
import OpenCLCompute
import Foundation

/// Everything `gpuglitch devices` prints: each OpenCL platform and device with its
/// properties, the CPU fallback, and which of them `auto` picks. Codable for `--json`.
public struct DeviceListing: Sendable, Equatable, Codable {
    /// The CPU backend's entry (named apart from `CPUFallback`, which hands that backend out).
    public struct CPUBackendSummary: Sendable, Equatable, Codable {
        /// The `--device` value, `cpu`.
        public let request: String
        /// Threads it runs on.
        public let threads: Int
        /// The vector kernels its resampling runs: `avx512`, `avx2` or `portable`.
        public let resampling: String
    }

    /// What OpenCL said: `ok` with devices, otherwise why there are none (`no platform`, ...).
    public let openCLStatus: String
    public let platforms: [OpenCLInventory.Platform]
    public let cpu: CPUBackendSummary
    /// The `--device` value of the entry `auto` tries first (`opencl:0`, or `cpu`). Found
    /// without building programs: should that device's build fail, `auto` moves on.
    public let auto: String
    /// For each OpenCL CPU device (`opencl:N` → report), which resampling kernels its program
    /// holds and why the x86 flavour is missing, if it is. Filled by `current()`, which builds
    /// those programs (GPUs build only what they run, so they have no entry).
    public var kernels: [String: OpenCLKernelReport] = [:]

    public init(inventory: OpenCLInventory, cpuThreads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        openCLStatus = inventory.state == .devicesFound ? "ok" : inventory.reason
        platforms = inventory.platforms
        cpu = CPUBackendSummary(request: DeviceRequest.cpu.description, threads: cpuThreads,
                                  resampling: CPUBackend.resamplingKernels)
        auto = inventory.candidates(for: .auto).first.map { $0.request.description } ?? DeviceRequest.cpu.description
    }

    /// The listing of this machine.
    public static func current() -> DeviceListing {
        let inventory = OpenCLInventory.probe()
        var listing = DeviceListing(inventory: inventory)
        for (summary, handle) in zip(inventory.devices, inventory.handles) where summary.type == .cpu {
            listing.kernels[summary.request.description] = (try? OpenCLBackend.kernelReport(for: handle))
                ?? OpenCLKernelReport(resampling: "none", x86BuildError: "the program does not build")
        }
        return listing
    }
}
