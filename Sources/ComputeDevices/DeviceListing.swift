import CPUCompute
import OpenCLCompute
import Foundation

/// Everything `gpuglitch devices` prints: each OpenCL platform and device with its
/// properties, the CPU fallback, and which of them `auto` picks. Codable for `--json`.
package struct DeviceListing: Sendable, Equatable, Codable {
    /// The CPU backend's entry (named apart from `CPUFallback`, which hands that backend out).
    package struct CPUBackendSummary: Sendable, Equatable, Codable {
        /// The `--device` value, `cpu`.
        package let request: String
        /// Threads it runs on.
        package let threads: Int
        /// The vector kernels its resampling runs: `avx512`, `avx2` or `portable`.
        package let resampling: String
    }

    /// What OpenCL said: `ok` with devices, otherwise why there are none (`no platform`, ...).
    package let openCLStatus: String
    package let platforms: [OpenCLInventory.Platform]
    package let cpu: CPUBackendSummary
    /// The `--device` value of the entry `auto` tries first (`opencl:0`, or `cpu`). Found
    /// without building programs: should that device's build fail, `auto` moves on.
    package let auto: String
    /// For each OpenCL CPU device (`opencl:N` → report), which resampling kernels its program
    /// holds and why the x86 flavour is missing, if it is. Filled by `current()`, which builds
    /// those programs (GPUs build only what they run, so they have no entry).
    package var kernels: [String: OpenCLKernelReport] = [:]

    package init(inventory: OpenCLInventory, cpuThreads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        openCLStatus = inventory.state == .devicesFound ? "ok" : inventory.reason
        platforms = inventory.platforms
        cpu = CPUBackendSummary(request: DeviceRequest.cpu.description, threads: cpuThreads,
                                  resampling: CPUBackend.resamplingKernels)
        auto = inventory.candidates(for: .auto).first.map { $0.request.description } ?? DeviceRequest.cpu.description
    }

    /// The listing of this machine.
    package static func current() -> DeviceListing {
        let inventory = OpenCLInventory.probe()
        var listing = DeviceListing(inventory: inventory)
        for (summary, handle) in zip(inventory.devices, inventory.handles) where summary.type == .cpu {
            listing.kernels[summary.request.description] = (try? OpenCLBackend.kernelReport(for: handle))
                ?? OpenCLKernelReport(resampling: "none", x86BuildError: "the program does not build")
        }
        return listing
    }
}
