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

    mutating func validate() throws {
        _ = try request()
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
        do {
            let selection = try DeviceSelector.select(request)
            if let notice = selection.notice, !quiet {
                Console.error("gpuglitch: \(notice)\n")
            }
            return selection
        } catch {
            Console.error("gpuglitch: \(error)\n")
            throw ExitStatus.deviceUnavailable
        }
    }
}
