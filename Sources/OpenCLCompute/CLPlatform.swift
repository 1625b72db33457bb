import COpenCL

/// One installed OpenCL implementation (an ICD: POCL, NVIDIA, ...).
///
/// Platforms are never released in OpenCL, so this class only holds the id; it is a class so
/// that it has identity and shares the one id among the devices listed from it.
// @unchecked Sendable: an OpenCL handle; OpenCL objects but kernels are thread-safe (1.2 §A.2).
package final class CLPlatform: @unchecked Sendable {
    let id: cl_platform_id

    init(id: cl_platform_id) { self.id = id }

    /// Every platform the ICD loader finds, in its order. No platform at all
    /// (`CL_PLATFORM_NOT_FOUND_KHR`, e.g. `OCL_ICD_VENDORS` pointing at an empty folder) is an
    /// answer, the empty list, not an error.
    package static func all() throws(CLCallError) -> [CLPlatform] {
        var count: cl_uint = 0
        let code = clGetPlatformIDs(0, nil, &count)
        if CLError(rawValue: code).meansNoDevice { return [] }
        try check("clGetPlatformIDs", code)
        guard count > 0 else { return [] }
        var ids = [cl_platform_id?](repeating: nil, count: Int(count))
        try check("clGetPlatformIDs", clGetPlatformIDs(count, &ids, nil))
        return ids.compactMap { $0 }.map(CLPlatform.init(id:))
    }

    package var name: String { get throws(CLCallError) { try info(CL_PLATFORM_NAME) } }
    package var vendor: String { get throws(CLCallError) { try info(CL_PLATFORM_VENDOR) } }
    /// E.g. `OpenCL 3.0 PoCL 3.1+debian ...`.
    package var version: String { get throws(CLCallError) { try info(CL_PLATFORM_VERSION) } }

    /// The platform's devices of every type, in the platform's order. A platform without
    /// devices (`CL_DEVICE_NOT_FOUND`, which POCL also answers when it cannot create its cache
    /// folder) gives the empty list.
    package func devices() throws(CLCallError) -> [CLDevice] {
        var count: cl_uint = 0
        let code = clGetDeviceIDs(id, cl_device_type(CL_DEVICE_TYPE_ALL), 0, nil, &count)
        if CLError(rawValue: code) == .deviceNotFound { return [] }
        try check("clGetDeviceIDs", code)
        guard count > 0 else { return [] }
        var ids = [cl_device_id?](repeating: nil, count: Int(count))
        try check("clGetDeviceIDs", clGetDeviceIDs(id, cl_device_type(CL_DEVICE_TYPE_ALL), count, &ids, nil))
        return ids.compactMap { $0 }.map { CLDevice(id: $0, platform: self) }
    }

    private func info(_ param: Int32) throws(CLCallError) -> String {
        try CLInfoQuery.string("clGetPlatformInfo") { clGetPlatformInfo(id, cl_platform_info(param), $0, $1, $2) }
    }
}
