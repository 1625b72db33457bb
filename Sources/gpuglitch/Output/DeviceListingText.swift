/// The human-readable form of a `DeviceListing`.
enum DeviceListingText {
    static func render(_ listing: DeviceListing) -> String {
        var lines: [String] = []
        if listing.openCLDevices.isEmpty {
            lines.append("No OpenCL device found (\(listing.openCLProblem ?? "no platform")); auto uses the CPU fallback.")
        } else {
            lines.append("OpenCL devices:")
            for device in listing.openCLDevices {
                let mark = device.request == listing.autoPick ? "  (auto)" : ""
                lines.append("  \(device.request)  \(device.name)\(mark)")
            }
        }
        lines.append("CPU fallback:")
        lines.append("  cpu\(listing.autoPick == "cpu" ? "  (auto)" : "")")
        return lines.joined(separator: "\n") + "\n"
    }
}
