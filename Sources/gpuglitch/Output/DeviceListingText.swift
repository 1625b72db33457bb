import ComputeDevices
import Foundation
import GPUOps
import SystemIO

/// The human-readable form of a `DeviceListing` (`gpuglitch devices`): each OpenCL platform
/// with its devices and their properties, the CPU fallback, and `(auto)` on what
/// `--device auto` tries first. Without OpenCL the first line says so plainly.
enum DeviceListingText {
    static func render(_ listing: DeviceListing) -> String {
        var lines: [String] = []
        let devices = listing.platforms.flatMap(\.devices)
        if devices.isEmpty {
            lines.append("No OpenCL device found (OpenCL reports: \(listing.openCLStatus)); "
                         + "--device auto uses the CPU fallback.")
        }
        for platform in listing.platforms {
            lines.append("OpenCL platform: \(platform.name) (\(platform.vendor); \(platform.version))")
            if platform.devices.isEmpty { lines.append("  no device") }
            for device in platform.devices {
                lines.append("  \(device.request)  \(device.name)\(marker(device.request.description, listing))")
                lines.append("      \(properties(of: device))")
                if let report = listing.kernels[device.request.description] {
                    let why = report.x86BuildError.map { " (the x86 AVX2 build failed: \($0))" } ?? ""
                    lines.append("      resampling kernels: \(report.resampling)\(why)")
                }
            }
        }
        lines.append("CPU fallback:")
        lines.append("  \(listing.cpu.request)  \(listing.cpu.threads) threads\(marker(listing.cpu.request, listing))")
        lines.append("      resampling kernels: \(listing.cpu.resampling)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func marker(_ request: String, _ listing: DeviceListing) -> String {
        request == listing.auto ? "  (auto)" : ""
    }

    /// `gpu, 132 compute units, 79.1 GiB memory (max allocation 19.8 GiB), OpenCL 3.0 CUDA, OpenCL C 1.2, driver 550.54`.
    private static func properties(of device: OpenCLDeviceSummary) -> String {
        var parts = [device.type.rawValue, "\(device.computeUnits) compute units",
                     "\(gibibytes(device.globalMemoryBytes)) memory (max allocation \(gibibytes(device.maxAllocationBytes)))",
                     device.version, device.openCLCVersion, "driver \(device.driverVersion)"]
        if !device.isAvailable { parts.append("reports itself unavailable") }
        return parts.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private static func gibibytes(_ bytes: UInt64) -> String {
        String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
    }
}
