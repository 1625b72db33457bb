// ============================================================================================
// TEMPORARY COMPILE SHIM — delete this folder when `Sources/GPUOps/Device/` (branch `opencl`)
// is in main. It declares, internally, the names the CLI is written against so the build
// stays green meanwhile; it probes no OpenCL and its CPU backend processes nothing.
// ============================================================================================
import Foundation
import GPUOps

/// Shim of GPUOps' `DeviceRequest`: what `--device` / `GPUGLITCH_DEVICE` ask for.
enum DeviceRequest: Sendable, Equatable, CustomStringConvertible {
    case auto, cpu, opencl, openclIndex(Int), gpu

    var description: String {
        switch self {
        case .auto: "auto"
        case .cpu: "cpu"
        case .opencl: "opencl"
        case .openclIndex(let n): "opencl:\(n)"
        case .gpu: "gpu"
        }
    }

    init(parsing text: String) throws(DeviceRequestError) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "auto": self = .auto
        case "cpu": self = .cpu
        case "opencl": self = .opencl
        case "gpu": self = .gpu
        default:
            let digits = word.dropFirst("opencl:".count)
            guard word.hasPrefix("opencl:"), !digits.isEmpty,
                  digits.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(digits) else {
                throw DeviceRequestError(text: text)
            }
            self = .openclIndex(n)
        }
    }
}

/// Shim of GPUOps' `DeviceRequestError`.
struct DeviceRequestError: Error, CustomStringConvertible {
    var text: String
    var description: String { "invalid device '\(text)' (expected auto, cpu, opencl, opencl:N or gpu)" }
}

/// Shim of GPUOps' `DeviceSelectionError`.
struct DeviceSelectionError: Error, CustomStringConvertible {
    var description: String
}

/// Shim of GPUOps' `DeviceSelection`.
struct DeviceSelection {
    var backend: any ComputeBackend
    var notice: String?
}

/// Shim of GPUOps' `DeviceSelector`: never finds an OpenCL device.
enum DeviceSelector {
    static let missing = "no OpenCL device found (OpenCL reports: no platform)"

    static func select(_ request: DeviceRequest) throws(DeviceSelectionError) -> DeviceSelection {
        switch request {
        case .cpu:
            return DeviceSelection(backend: ShimCPUBackend(), notice: nil)
        case .auto:
            return DeviceSelection(backend: ShimCPUBackend(), notice: missing + "; using the CPU fallback")
        case .opencl, .openclIndex, .gpu:
            throw DeviceSelectionError(description: missing)
        }
    }
}

/// Shim of GPUOps' `CLDeviceType`.
enum CLDeviceType: String, Sendable, Codable {
    case cpu, gpu, accelerator, custom, other
}

/// Shim of GPUOps' `OpenCLDeviceSummary`.
struct OpenCLDeviceSummary: Sendable, Codable {
    let index: Int
    let name: String
    let vendor: String
    let type: CLDeviceType
    let computeUnits: Int
    let globalMemoryBytes: UInt64
    let maxAllocationBytes: UInt64
    let version: String
    let openCLCVersion: String
    let driverVersion: String
    let isAvailable: Bool
    var request: DeviceRequest { .openclIndex(index) }
}

/// Shim of GPUOps' `OpenCLInventory` (its `Platform` only).
enum OpenCLInventory {
    struct Platform: Sendable, Codable {
        let name: String
        let vendor: String
        let version: String
        let devices: [OpenCLDeviceSummary]
    }
}

/// Shim of GPUOps' `DeviceListing`.
struct DeviceListing: Sendable, Codable {
    struct CPUFallback: Sendable, Codable {
        let request: String
        let threads: Int
    }
    let openCLStatus: String
    let platforms: [OpenCLInventory.Platform]
    let cpu: CPUFallback
    let auto: String

    static func current() -> DeviceListing {
        DeviceListing(openCLStatus: "no platform", platforms: [],
                      cpu: CPUFallback(request: "cpu", threads: ProcessInfo.processInfo.activeProcessorCount),
                      auto: "cpu")
    }
}

/// A backend that refuses everything; it exists only so that `BatchRunner` can be built.
final class ShimCPUBackend: ComputeBackend {
    struct Unavailable: Error {}
    let kind = BackendKind.cpu
    let name = "cpu"
    let transfers = TransferCounters()
    func makeResident(_ image: PipelineImage) throws -> PipelineImage { throw Unavailable() }
    func download(_ image: DeviceImage) throws -> HostImage { throw Unavailable() }
    func resampleHorizontal(_ image: PipelineImage, weights: ResampleWeights, rows: Range<Int>) throws -> PipelineImage { throw Unavailable() }
    func resampleVertical(_ image: PipelineImage, weights: ResampleWeights) throws -> PipelineImage { throw Unavailable() }
    func crop(_ image: PipelineImage, to rect: PixelRect) throws -> PipelineImage { throw Unavailable() }
    func premultiply(_ image: PipelineImage) throws -> PipelineImage { throw Unavailable() }
    func unpremultiply(_ image: PipelineImage) throws -> PipelineImage { throw Unavailable() }
    func glitch(_ image: PipelineImage, plan: GlitchPlan) throws -> PipelineImage { throw Unavailable() }
}
