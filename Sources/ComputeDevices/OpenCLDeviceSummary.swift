import OpenCLCompute
/// What `gpuglitch devices` shows about one OpenCL device, read once from the driver.
package struct OpenCLDeviceSummary: Sendable, Equatable, Codable {
    /// Place in listing order, the `N` of `opencl:N`.
    package let index: Int
    package let name: String
    package let vendor: String
    package let type: CLDeviceType
    package let computeUnits: Int
    package let globalMemoryBytes: UInt64
    package let maxAllocationBytes: UInt64
    /// E.g. `OpenCL 3.0 PoCL ...`.
    package let version: String
    /// E.g. `OpenCL C 1.2 PoCL`.
    package let openCLCVersion: String
    package let driverVersion: String
    package let isAvailable: Bool

    package init(index: Int, name: String, vendor: String, type: CLDeviceType, computeUnits: Int,
                 globalMemoryBytes: UInt64, maxAllocationBytes: UInt64, version: String,
                 openCLCVersion: String, driverVersion: String, isAvailable: Bool) {
        self.index = index
        self.name = name
        self.vendor = vendor
        self.type = type
        self.computeUnits = computeUnits
        self.globalMemoryBytes = globalMemoryBytes
        self.maxAllocationBytes = maxAllocationBytes
        self.version = version
        self.openCLCVersion = openCLCVersion
        self.driverVersion = driverVersion
        self.isAvailable = isAvailable
    }

    /// Reads every property; one the driver refuses reads as empty or zero rather than hiding
    /// the device.
    init(device: CLDevice, index: Int) {
        self.init(index: index,
                  name: (try? device.name) ?? "",
                  vendor: (try? device.vendor) ?? "",
                  type: (try? device.type) ?? .other,
                  computeUnits: (try? device.computeUnits) ?? 0,
                  globalMemoryBytes: (try? device.globalMemory) ?? 0,
                  maxAllocationBytes: (try? device.maxAllocation) ?? 0,
                  version: (try? device.version) ?? "",
                  openCLCVersion: (try? device.openCLCVersion) ?? "",
                  driverVersion: (try? device.driverVersion) ?? "",
                  isAvailable: (try? device.isAvailable) ?? false)
    }

    /// The `--device` value that picks this device, e.g. `opencl:0`.
    package var request: DeviceRequest { .openclIndex(index) }

    /// E.g. `opencl:0 (pthread-haswell-AMD EPYC, cpu)`.
    package var label: String { "opencl:\(index) (\(name), \(type.rawValue))" }
}
