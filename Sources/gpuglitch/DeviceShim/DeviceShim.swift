// ============================================================================================
// TEMPORARY COMPILE SHIM — delete this folder when `Sources/GPUOps/Device/` (branch `opencl`)
// is in main. It declares, internally, the names the CLI is written against so the build
// stays green meanwhile; it probes no OpenCL and its CPU backend processes nothing.
// ============================================================================================
import Foundation
import GPUOps

/// Shim of GPUOps' `DeviceRequest`: what `--device` / `GPUGLITCH_DEVICE` ask for.
enum DeviceRequest: Sendable, Equatable {
    case auto, cpu, opencl, openclIndex(Int), gpu

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    init(parsing text: String) throws {
        switch text.lowercased() {
        case "auto": self = .auto
        case "cpu": self = .cpu
        case "opencl": self = .opencl
        case "gpu": self = .gpu
        case let s where s.hasPrefix("opencl:"):
            guard let n = Int(s.dropFirst("opencl:".count)), n >= 0 else {
                throw ParseError(description: "'\(text)' is not a device (expected opencl:N with N ≥ 0)")
            }
            self = .openclIndex(n)
        default:
            throw ParseError(description:
                "'\(text)' is not a device (expected auto, cpu, opencl, opencl:N or gpu)")
        }
    }
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
    static func select(_ request: DeviceRequest) throws -> DeviceSelection {
        switch request {
        case .cpu:
            return DeviceSelection(backend: ShimCPUBackend(), notice: nil)
        case .auto:
            return DeviceSelection(backend: ShimCPUBackend(),
                                   notice: "no OpenCL device found; using the CPU fallback")
        case .opencl, .openclIndex, .gpu:
            throw DeviceSelectionError(description: "no OpenCL device found")
        }
    }
}

/// Shim of GPUOps' `DeviceListing`.
struct DeviceListing: Codable, Sendable {
    struct Device: Codable, Sendable {
        var request: String
        var name: String
    }
    var openCLDevices: [Device]
    var openCLProblem: String?
    var autoPick: String

    static func probe() -> DeviceListing {
        DeviceListing(openCLDevices: [], openCLProblem: "no OpenCL platform found", autoPick: "cpu")
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
