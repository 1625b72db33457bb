import COpenCL

/// One OpenCL device of a platform, with the properties `gpuglitch devices` shows.
///
/// Devices listed by `clGetDeviceIDs` are root devices, which OpenCL never frees (retaining
/// and releasing them does nothing), so this class holds the id without a `deinit`.
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLDevice: @unchecked Sendable {
    let id: cl_device_id
    /// The platform the device was listed from.
    package let platform: CLPlatform

    init(id: cl_device_id, platform: CLPlatform) {
        self.id = id
        self.platform = platform
    }

    /// Whether two wrappers name the same device.
    package func isSame(as other: CLDevice) -> Bool { id == other.id }

    package var name: String { get throws(CLCallError) { try string(CL_DEVICE_NAME) } }
    package var vendor: String { get throws(CLCallError) { try string(CL_DEVICE_VENDOR) } }
    /// E.g. `OpenCL 3.0 PoCL HSTR: pthread-x86_64-...`.
    package var version: String { get throws(CLCallError) { try string(CL_DEVICE_VERSION) } }
    /// E.g. `OpenCL C 1.2 PoCL`.
    package var openCLCVersion: String { get throws(CLCallError) { try string(CL_DEVICE_OPENCL_C_VERSION) } }
    package var driverVersion: String { get throws(CLCallError) { try string(CL_DRIVER_VERSION) } }

    package var type: CLDeviceType {
        get throws(CLCallError) { CLDeviceType(bits: try value(CL_DEVICE_TYPE, as: cl_device_type.self)) }
    }
    package var computeUnits: Int {
        get throws(CLCallError) { Int(try value(CL_DEVICE_MAX_COMPUTE_UNITS, as: cl_uint.self)) }
    }
    /// Bytes of global memory.
    package var globalMemory: UInt64 {
        get throws(CLCallError) { try value(CL_DEVICE_GLOBAL_MEM_SIZE, as: cl_ulong.self) }
    }
    /// Bytes of the largest single buffer the device allows.
    package var maxAllocation: UInt64 {
        get throws(CLCallError) { try value(CL_DEVICE_MAX_MEM_ALLOC_SIZE, as: cl_ulong.self) }
    }
    /// Whether the device is usable now.
    package var isAvailable: Bool {
        get throws(CLCallError) { try value(CL_DEVICE_AVAILABLE, as: cl_bool.self) != 0 }
    }
    /// Whether the device can build programs from source (embedded profiles may not).
    package var isCompilerAvailable: Bool {
        get throws(CLCallError) { try value(CL_DEVICE_COMPILER_AVAILABLE, as: cl_bool.self) != 0 }
    }
    /// Bytes of `__local` memory per work-group.
    package var localMemory: UInt64 {
        get throws(CLCallError) { try value(CL_DEVICE_LOCAL_MEM_SIZE, as: cl_ulong.self) }
    }
    /// Largest work-group size.
    package var maxWorkGroupSize: Int {
        get throws(CLCallError) { try value(CL_DEVICE_MAX_WORK_GROUP_SIZE, as: Int.self) }
    }

    /// Largest work-group extent in each dimension.
    package var maxWorkItemSizes: [Int] {
        get throws(CLCallError) {
            try CLInfoQuery.array("clGetDeviceInfo", of: Int.self) {
                clGetDeviceInfo(id, cl_device_info(CL_DEVICE_MAX_WORK_ITEM_SIZES), $0, $1, $2)
            }
        }
    }

    private func string(_ param: Int32) throws(CLCallError) -> String {
        try CLInfoQuery.string("clGetDeviceInfo") { clGetDeviceInfo(id, cl_device_info(param), $0, $1, $2) }
    }

    private func value<T: BitwiseCopyable>(_ param: Int32, as type: T.Type) throws(CLCallError) -> T {
        try CLInfoQuery.value("clGetDeviceInfo", as: type) { clGetDeviceInfo(id, cl_device_info(param), $0, $1, $2) }
    }
}

extension CLDevice {
    /// Every device of every platform, in the order `opencl:N` counts them: platforms in the
    /// ICD loader's order, then each platform's devices in its own order. Empty when there is
    /// no OpenCL (no platform, or platforms without devices).
    package static func all() throws(CLCallError) -> [CLDevice] {
        var devices: [CLDevice] = []
        for platform in try CLPlatform.all() {
            devices += try platform.devices()
        }
        return devices
    }
}
