import ComputeCore
import ImageCodecs

/// Where JPEG pixels are made (`--decode`): by libjpeg-turbo on the host, or on the compute
/// device (issue 35: stage 1, the host entropy-decodes and the device does the inverse DCT,
/// upsampling and colour; stage 2, the device Huffman-decodes too). The bytes are the same
/// either way; only where the work runs differs.
public enum DecodeMode: String, Sendable, Hashable, CaseIterable {
    /// On a device that is not a CPU (a GPU), stage 2 for the files it takes (baseline, every
    /// restart interval short enough to keep the device busy) and the host decoder for the
    /// rest: stage 1's host work, reading the coefficients, costs more than libjpeg-turbo's
    /// whole decode at a thumbnail's shrink-on-load scale (docs/BENCHMARKS.md). On a CPU
    /// device (POCL) and the CPU backend, the host decoder.
    case auto
    /// Always libjpeg-turbo on the host.
    case host
    /// The device decoder whenever the backend has one (an OpenCL device).
    case device

    /// Whether JPEGs are decoded on `backend`'s device in this mode (some of them, for `auto`).
    package func decodesOnDevice(_ backend: any ComputeBackend) -> Bool {
        deviceStage(on: backend) != nil
    }

    /// How far `backend`'s device decodes JPEGs in this mode; nil: on the host.
    package func deviceStage(on backend: any ComputeBackend) -> JPEGDeviceStage? {
        guard let core = try? backend.core, core.kind != .cpu else { return nil }
        switch self {
        case .host: return nil
        case .device: return .entropy
        case .auto: return core.runsOnCPU ? nil : .entropy
        }
    }
}
