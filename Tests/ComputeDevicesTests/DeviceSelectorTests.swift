@testable import ComputeDevices
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import OpenCLCompute
import Testing
import TestSupport

/// Selection on this machine, whatever it has: both outcomes are checked, so nothing is skipped.
@Suite("Device selection on this machine")
struct DeviceSelectorTests {
    @Test func cpuIsTheCPUBackend() throws {
        let chosen = try DeviceSelector.select(.cpu)
        #expect(chosen.backend is CPUBackend)
        #expect(chosen.notice == nil)
    }

    @Test func autoTakesAnOpenCLGPUOrAcceleratorElseTheCPUBackend() throws {
        let chosen = try DeviceSelector.select(.auto)
        let devices = OpenCLInventory.probe().devices.filter(\.isAvailable)
        if devices.contains(where: { $0.type != .cpu }) {
            #expect(chosen.backend.kind == .opencl)
            #expect(chosen.backend.name.hasPrefix("opencl:"))
            #expect(chosen.notice == nil)
        } else if !devices.isEmpty {
            // Only OpenCL CPU devices (POCL, as in CI): the CPU backend, saying why.
            #expect(chosen.backend is CPUBackend)
            #expect(chosen.notice?.hasPrefix("no OpenCL GPU or accelerator (OpenCL devices: opencl:0 (") == true)
            // ...while asking for OpenCL still gets the CPU device.
            #expect(try DeviceSelector.select(.opencl).backend.kind == .opencl)
        } else {
            #expect(chosen.backend is CPUBackend)
            #expect(chosen.notice?.hasPrefix("no OpenCL device found (OpenCL reports: ") == true)
            #expect(chosen.notice?.hasSuffix("; using the CPU fallback") == true)
        }
    }

    @Test func aMissingIndexIsAClearError() throws {
        let count = OpenCLInventory.probe().devices.count
        let error = try #require(throws: DeviceSelectionError.self) { try DeviceSelector.select(.openclIndex(99)) }
        if count > 0 {
            #expect(error.message == "opencl:99 requested but only \(count) OpenCL device\(count == 1 ? " exists" : "s exist")")
        } else {
            #expect(error.message.hasPrefix("opencl:99 requested but no OpenCL device found (OpenCL reports: "))
        }
    }

    @Test func listingAgreesWithTheProbe() throws {
        let listing = DeviceListing.current()
        let inventory = OpenCLInventory.probe()
        #expect(listing.platforms == inventory.platforms)
        let expected = inventory.candidates(for: .auto).first.map { "opencl:\($0.index)" } ?? "cpu"
        #expect(listing.auto == expected)
        // auto's choice never is an OpenCL CPU device.
        #expect(inventory.candidates(for: .auto).allSatisfy { $0.type != .cpu })
        #expect(listing.cpu.request == "cpu")
    }
}
