import Foundation

/// Which backend the user asks for (`--device`, or `GPUGLITCH_DEVICE`).
public enum DeviceRequest: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// An OpenCL GPU, else any OpenCL device, else the CPU fallback.
    case auto
    /// The CPU fallback; OpenCL is not touched at all.
    case cpu
    /// The first OpenCL device, GPUs before other devices.
    case opencl
    /// The N-th OpenCL device in listing order: platforms in the ICD loader's order, then each
    /// platform's devices in its order (as `gpuglitch devices` numbers them).
    case openclIndex(Int)
    /// An OpenCL GPU.
    case gpu

    /// The spelling `init(parsing:)` accepts, e.g. `opencl:2`.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .cpu: "cpu"
        case .opencl: "opencl"
        case .openclIndex(let n): "opencl:\(n)"
        case .gpu: "gpu"
        }
    }

    /// The name of the environment variable `fromEnvironment` reads.
    package static let environmentVariable = "GPUGLITCH_DEVICE"

    /// Parses `auto`, `cpu`, `opencl`, `opencl:N` (N ≥ 0) or `gpu`, ignoring case and
    /// surrounding spaces.
    public init(parsing text: String) throws(DeviceRequestError) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "auto": self = .auto
        case "cpu": self = .cpu
        case "opencl": self = .opencl
        case "gpu": self = .gpu
        default:
            let prefix = "opencl:"
            let digits = word.dropFirst(prefix.count)
            guard word.hasPrefix(prefix), !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
                  let n = Int(digits) else {
                throw DeviceRequestError(text: text, variable: nil)
            }
            self = .openclIndex(n)
        }
    }

    /// The request in `GPUGLITCH_DEVICE`, or nil when it is unset or empty. A value that does
    /// not parse is an error naming the variable, not a silent `auto`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(DeviceRequestError) -> DeviceRequest? {
        guard let value = environment[environmentVariable],
              !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try DeviceRequest(parsing: value)
        } catch {
            throw DeviceRequestError(text: value, variable: environmentVariable)
        }
    }
}

/// A device request that does not parse.
public struct DeviceRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text given.
    public let text: String
    /// The environment variable it came from, or nil for an option value.
    public let variable: String?

    public var description: String {
        let message = "invalid device '\(text)' (expected auto, cpu, opencl, opencl:N or gpu)"
        return variable.map { "\($0): \(message)" } ?? message
    }
}
