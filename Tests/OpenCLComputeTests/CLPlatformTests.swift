@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

@Suite("OpenCL platforms and devices", .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct CLPlatformTests {
    @Test func everyDeviceReportsItsProperties() throws {
        let devices = try CLDevice.all()
        #expect(!devices.isEmpty)
        for device in devices {
            #expect(try !device.name.isEmpty)
            #expect(try !device.vendor.isEmpty)
            #expect(try device.computeUnits >= 1)
            #expect(try device.globalMemory > 0)
            #expect(try device.maxAllocation > 0 && device.maxAllocation <= device.globalMemory)
            #expect(try device.openCLCVersion.hasPrefix("OpenCL C "))
            #expect(try device.version.hasPrefix("OpenCL "))
            #expect(try !device.driverVersion.isEmpty)
            #expect(try device.maxWorkGroupSize >= 1)
            #expect(try device.isAvailable)
        }
    }

    @Test func listingOrderIsPlatformThenDevice() throws {
        let byPlatform = try CLPlatform.all().flatMap { try $0.devices() }
        let all = try CLDevice.all()
        #expect(all.count == byPlatform.count)
        #expect(zip(all, byPlatform).allSatisfy { $0.isSame(as: $1) })
    }

    static var poclPlatforms: [CLPlatform] {
        ((try? CLPlatform.all()) ?? []).filter { (try? $0.name) == "Portable Computing Language" }
    }

    /// POCL, the OpenCL of the test machines, is a CPU device with a compiler.
    @Test(.enabled(if: !poclPlatforms.isEmpty, "POCL (pocl-opencl-icd) is not installed here"))
    func poclIsACPUDevice() throws {
        let pocl = Self.poclPlatforms
        #expect(try pocl[0].vendor.lowercased().contains("pocl"))
        #expect(try pocl[0].version.hasPrefix("OpenCL "))
        let device = try #require(try pocl[0].devices().first)
        #expect(try device.type == .cpu)
        #expect(try device.isCompilerAvailable)
        #expect(device.platform === pocl[0])
    }
}
