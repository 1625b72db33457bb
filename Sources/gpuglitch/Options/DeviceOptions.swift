import ArgumentParser
import Foundation
import GPUOps
import SystemIO

/// `--device`, with its default from `GPUGLITCH_DEVICE`, then `auto`. A group of its own so
/// every subcommand that runs images (`process`, `bench`) spells it the same way.
struct DeviceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Where to run: auto, cpu, opencl, opencl:N or gpu (default: $GPUGLITCH_DEVICE, else auto).",
        valueName: "device"))
    var device: String?

    @Option(help: ArgumentHelp(
        "Where JPEGs are decoded: auto (on the host, for now: see docs/CLI.md), host (libjpeg-turbo), device (the OpenCL device makes the pixels from the JPEG's coefficients; not with --device cpu). The bytes are the same.",
        valueName: "auto|host|device"))
    var decode: DecodeArgument = .auto

    mutating func validate() throws {
        if try request() == .cpu && decode == .device {
            throw ValidationError("--decode device needs an OpenCL device, and --device cpu has none; use --decode host or auto, or --device opencl")
        }
    }

    /// The device asked for. A malformed value is a usage error naming where it came from.
    func request(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ValidationError) -> DeviceRequest
    {
        let (text, origin): (String, String)
        if let device {
            (text, origin) = (device, "--device")
        } else if let fromEnvironment = environment[DeviceRequest.environmentVariable], !fromEnvironment.isEmpty {
            (text, origin) = (fromEnvironment, DeviceRequest.environmentVariable)
        } else {
            return .auto
        }
        do {
            return try DeviceRequest(parsing: text)
        } catch {
            throw ValidationError("\(origin): \(error)")
        }
    }

    /// Selects the device, or stops with exit code 3 and one line saying why. The selector's
    /// notice (e.g. that `auto` fell back to the CPU) is printed once unless `quiet`.
    func select(quiet: Bool) throws -> DeviceSelection {
        let request = try request()
        let selection: DeviceSelection
        do {
            selection = try DeviceSelector.select(request)
        } catch {
            Console.error("gpuglitch: \(error)\n")
            throw ExitStatus.deviceUnavailable
        }
        if let notice = selection.notice, !quiet {
            Console.error("gpuglitch: \(notice)\n")
        }
        // `--device auto` found no OpenCL device: the JPEG decoder asked for does not exist.
        if decode == .device && selection.backend.kind == .cpu {
            Console.error("gpuglitch: --decode device needs an OpenCL device, and \(request) selected the CPU backend\n")
            throw ExitStatus.deviceUnavailable
        }
        return selection
    }
}
