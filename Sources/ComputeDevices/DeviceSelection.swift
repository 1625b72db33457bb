import ComputeCore
/// The backend chosen for a run, and a line to tell the user once when the choice is not what
/// they might expect (the CPU fallback under `auto`, a device skipped because it failed).
public struct DeviceSelection: Sendable {
    public let backend: any ComputeBackend
    /// E.g. "no OpenCL device found (OpenCL reports: no platform); using the CPU fallback".
    public let notice: String?

    package init(backend: any ComputeBackend, notice: String?) {
        self.backend = backend
        self.notice = notice
    }
}

/// A requested device that is not there or cannot be used. The CLI exits with status 3.
public struct DeviceSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let request: DeviceRequest
    /// E.g. "opencl:3 requested but only 1 OpenCL device exists".
    public let message: String

    package init(request: DeviceRequest, message: String) {
        self.request = request
        self.message = message
    }

    public var description: String { message }
}
