@testable import ComputeDevices
import ComputeCore
import CPUCompute
import Foundation
import ImageCodecs
import ImageMaths
import OpenCLCompute
import Testing
import TestSupport

/// The selection rules on described machines (no OpenCL needed): which device each request
/// gets, the CPU fallback, and the messages.
@Suite("Device selection rules")
struct DeviceSelectorRulesTests {
    static func device(_ index: Int, _ name: String, _ type: CLDeviceType, available: Bool = true) -> OpenCLDeviceSummary {
        OpenCLDeviceSummary(index: index, name: name, vendor: "v", type: type, computeUnits: 4, globalMemoryBytes: 1 << 30,
                            maxAllocationBytes: 1 << 28, version: "OpenCL 1.2", openCLCVersion: "OpenCL C 1.2",
                            driverVersion: "1", isAvailable: available)
    }

    static let none = OpenCLInventory.described(.noPlatform, platforms: [])
    static let pocl = OpenCLInventory.described(.devicesFound, platforms: [
        .init(name: "Portable Computing Language", vendor: "The pocl project", version: "OpenCL 3.0",
              devices: [device(0, "pthread-haswell", .cpu)]),
    ])
    /// A CPU platform first, then a platform with two GPUs.
    static let mixed = OpenCLInventory.described(.devicesFound, platforms: [
        .init(name: "POCL", vendor: "p", version: "OpenCL 3.0", devices: [device(0, "cpu-dev", .cpu)]),
        .init(name: "NVIDIA CUDA", vendor: "n", version: "OpenCL 3.0",
              devices: [device(1, "gpu-one", .gpu), device(2, "gpu-two", .gpu)]),
    ])

    struct BuildFailed: Error, CustomStringConvertible { var description: String { "CL_BUILD_PROGRAM_FAILURE" } }

    /// Selects with named backends; `broken` devices fail to build.
    static func select(_ request: DeviceRequest, _ inventory: OpenCLInventory, broken: Set<Int> = [])
        throws(DeviceSelectionError) -> (name: String, notice: String?) {
        let selection = try DeviceSelector.select(request, from: inventory, makeCPU: { EmbeddedBackend(name: "cpu", kind: .cpu) }) { d in
            if broken.contains(d.index) { throw BuildFailed() }
            return EmbeddedBackend(name: "opencl:\(d.index)", kind: .opencl)
        }
        return (selection.backend.name, selection.notice)
    }

    @Test func cpuNeverAsksForOpenCL() throws {
        let chosen = try DeviceSelector.select(.cpu, from: Self.mixed, makeCPU: { EmbeddedBackend(name: "cpu", kind: .cpu) }) { _ in
            Issue.record("cpu must not make an OpenCL backend")
            return EmbeddedBackend(name: "x", kind: .opencl)
        }
        #expect(chosen.backend.kind == .cpu && chosen.notice == nil)
    }

    @Test func withoutOpenCLAutoFallsBackToTheCPUWithANotice() throws {
        let chosen = try Self.select(.auto, Self.none)
        #expect(chosen.name == "cpu")
        #expect(chosen.notice == "no OpenCL device found (OpenCL reports: no platform); using the CPU fallback")
    }

    @Test func withoutOpenCLExplicitRequestsFail() {
        #expect(throws: DeviceSelectionError(request: .opencl, message: "no OpenCL device found (OpenCL reports: no platform)")) {
            try Self.select(.opencl, Self.none)
        }
        #expect(throws: DeviceSelectionError(request: .gpu, message: "no OpenCL device found (OpenCL reports: no platform)")) {
            try Self.select(.gpu, Self.none)
        }
        #expect(throws: DeviceSelectionError(request: .openclIndex(3),
                                             message: "opencl:3 requested but no OpenCL device found (OpenCL reports: no platform)")) {
            try Self.select(.openclIndex(3), Self.none)
        }
    }

    @Test func platformsWithoutDevicesSaySo() {
        let empty = OpenCLInventory.described(.noDevice(platforms: ["Portable Computing Language"]), platforms: [
            .init(name: "Portable Computing Language", vendor: "p", version: "OpenCL 3.0", devices: []),
        ])
        #expect(throws: DeviceSelectionError(
            request: .opencl, message: "no OpenCL device found (OpenCL reports: platform Portable Computing Language has no device)")) {
            try Self.select(.opencl, empty)
        }
    }

    @Test func anOpenCLCPUDeviceServesOpenCLWhenAskedButAutoTakesTheCPUBackend() throws {
        // docs/SPEC.md §7: on a CPU-only machine the native CPU backend is faster than POCL and
        // needs half the memory, so auto takes it, saying why once.
        let auto = try Self.select(.auto, Self.pocl)
        #expect(auto.name == "cpu")
        #expect(auto.notice == "no OpenCL GPU or accelerator (OpenCL devices: opencl:0 (pthread-haswell, cpu)); the CPU backend is faster than an OpenCL CPU device, which runs only when asked for (--device opencl); using the CPU fallback")
        #expect(try Self.select(.opencl, Self.pocl) == ("opencl:0", nil))
        #expect(try Self.select(.openclIndex(0), Self.pocl) == ("opencl:0", nil))
        #expect(throws: DeviceSelectionError(request: .gpu, message: "no OpenCL GPU found (OpenCL devices: opencl:0 (pthread-haswell, cpu))")) {
            try Self.select(.gpu, Self.pocl)
        }
        #expect(throws: DeviceSelectionError(request: .openclIndex(3), message: "opencl:3 requested but only 1 OpenCL device exists")) {
            try Self.select(.openclIndex(3), Self.pocl)
        }
        #expect(throws: DeviceSelectionError(request: .openclIndex(3), message: "opencl:3 requested but only 3 OpenCL devices exist")) {
            try Self.select(.openclIndex(3), Self.mixed)
        }
    }

    @Test func gpusComeFirstAndIndicesFollowListingOrder() throws {
        #expect(try Self.select(.auto, Self.mixed).name == "opencl:1")
        #expect(try Self.select(.opencl, Self.mixed).name == "opencl:1")
        #expect(try Self.select(.gpu, Self.mixed).name == "opencl:1")
        #expect(try Self.select(.openclIndex(0), Self.mixed).name == "opencl:0")
        #expect(try Self.select(.openclIndex(2), Self.mixed).name == "opencl:2")
        #expect(Self.mixed.devices.map(\.index) == [0, 1, 2])
    }

    @Test func aDeviceThatFailsIsPassedOver() throws {
        let next = try Self.select(.auto, Self.mixed, broken: [1])
        #expect(next.name == "opencl:2")
        #expect(next.notice == "opencl:1 (gpu-one, gpu) cannot be used (CL_BUILD_PROGRAM_FAILURE); using opencl:2 (gpu-two, gpu)")
        // Both GPUs broken: auto goes to the CPU backend, not to the OpenCL CPU device.
        let cpu = try Self.select(.auto, Self.mixed, broken: [1, 2])
        #expect(cpu.name == "cpu")
        #expect(cpu.notice == "opencl:1 (gpu-one, gpu) cannot be used (CL_BUILD_PROGRAM_FAILURE); opencl:2 (gpu-two, gpu) cannot be used (CL_BUILD_PROGRAM_FAILURE); using the CPU fallback")
        // Asked for OpenCL, the CPU device is still the last resort.
        #expect(try Self.select(.opencl, Self.mixed, broken: [1, 2]).name == "opencl:0")
        #expect(throws: DeviceSelectionError(request: .openclIndex(1), message: "opencl:1 (gpu-one, gpu) cannot be used (CL_BUILD_PROGRAM_FAILURE)")) {
            try Self.select(.openclIndex(1), Self.mixed, broken: [1])
        }
    }

    @Test func unavailableDevicesAreOnlyUsedWhenNamed() throws {
        let inventory = OpenCLInventory.described(.devicesFound, platforms: [
            .init(name: "P", vendor: "p", version: "OpenCL 1.2", devices: [Self.device(0, "busy", .gpu, available: false)]),
        ])
        #expect(try Self.select(.openclIndex(0), inventory).name == "opencl:0")
        let auto = try Self.select(.auto, inventory)
        #expect(auto.name == "cpu")
        #expect(auto.notice == "no available OpenCL device (OpenCL devices: opencl:0 (busy, gpu) report themselves unavailable); using the CPU fallback")
    }

    @Test func listingMarksWhatAutoPicksAndRoundTripsAsJSON() throws {
        let listing = DeviceListing(inventory: Self.mixed, cpuThreads: 2)
        #expect(listing.auto == "opencl:1")
        #expect(listing.openCLStatus == "ok")
        #expect(listing.cpu == .init(request: "cpu", threads: 2, resampling: CPUBackend.resamplingKernels))
        #expect(["avx512", "avx2", "portable"].contains(listing.cpu.resampling))
        #expect(listing.platforms.map(\.devices.count) == [1, 2])
        let json = try JSONEncoder().encode(listing)
        #expect(try JSONDecoder().decode(DeviceListing.self, from: json) == listing)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"type\":\"gpu\""))

        let nothing = DeviceListing(inventory: Self.none, cpuThreads: 2)
        #expect(nothing.auto == "cpu")
        // Only an OpenCL CPU device: the CPU fallback is marked, as auto takes it.
        #expect(DeviceListing(inventory: Self.pocl, cpuThreads: 2).auto == "cpu")
        #expect(nothing.openCLStatus == "no platform")
        #expect(nothing.platforms.isEmpty)
    }
}
