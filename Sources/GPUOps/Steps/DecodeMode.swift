/// Where JPEG pixels are made (`--decode`): by libjpeg-turbo on the host, or on the compute
/// device from the JPEG's coefficients (issue 35 stage 1: the host entropy-decodes, the device
/// does the inverse DCT, upsampling and colour conversion). The bytes are the same either way;
/// only where the work runs differs.
public enum DecodeMode: String, Sendable, Hashable, CaseIterable {
    /// The host's decoder, for now on every backend: at the thumbnail's shrink-on-load scale
    /// libjpeg-turbo skips most of the inverse DCT, so reading the coefficients costs the host
    /// nearly what decoding does (0.95–1.0 of its CPU time) and uploads more bytes than the
    /// decoded image (docs/BENCHMARKS.md). The device decoder is there when asked for.
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
        case .auto: return false
        }
    }
}
