/// Where JPEG pixels are made (`--decode`): by libjpeg-turbo on the host, or on the compute
/// device from the JPEG's coefficients (issue 35 stage 1: the host entropy-decodes, the device
/// does the inverse DCT, upsampling and colour conversion). The bytes are the same either way;
/// only where the work runs differs.
public enum DecodeMode: String, Sendable, Hashable, CaseIterable {
    /// The device decoder on a GPU, the host's on the CPU backend and on a CPU OpenCL device
    /// (POCL), where libjpeg-turbo's SIMD code is faster.
    case auto
    /// Always libjpeg-turbo on the host.
    case host
    /// The device decoder whenever the backend has one (an OpenCL device).
    case device

    /// Whether JPEGs are decoded on `backend`'s device in this mode.
    package func decodesOnDevice(_ backend: any ComputeBackend) -> Bool {
        guard let core = try? backend.core else { return false }
        switch self {
        case .host: return false
        case .device: return core.kind != .cpu
        case .auto: return core.decodesJPEGByDefault
        }
    }
}
