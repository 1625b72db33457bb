import COpenCL

/// What kind of processor an OpenCL device is (`CL_DEVICE_TYPE`).
package enum CLDeviceType: String, Sendable, Codable, CaseIterable {
    case cpu, gpu, accelerator, custom, other

    init(bits: cl_device_type) {
        if bits & cl_device_type(CL_DEVICE_TYPE_GPU) != 0 { self = .gpu }
        else if bits & cl_device_type(CL_DEVICE_TYPE_CPU) != 0 { self = .cpu }
        else if bits & cl_device_type(CL_DEVICE_TYPE_ACCELERATOR) != 0 { self = .accelerator }
        else if bits & cl_device_type(CL_DEVICE_TYPE_CUSTOM) != 0 { self = .custom }
        else { self = .other }
    }
}
