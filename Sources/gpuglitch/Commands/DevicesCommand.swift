import ArgumentParser
import ComputeDevices
import Foundation
import GPUOps
import SystemIO

/// `gpuglitch devices [--json]`: every OpenCL platform and device, the CPU fallback, and
/// which one `--device auto` picks. A machine without OpenCL is not an error (exit 0).
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List OpenCL platforms and devices, the CPU fallback, and what auto picks.")

    @Flag(help: "Print the listing as JSON.")
    var json = false

    func run() throws {
        let listing = DeviceListing.current()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(listing)
            Console.output(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            Console.output(DeviceListingText.render(listing))
        }
    }
}
