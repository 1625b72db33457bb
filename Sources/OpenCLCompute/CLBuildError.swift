/// A program that did not build: the code, the options it was built with, and the compiler's
/// log for each device (as CLHPP's `BuildError` carries them), so the message shows the
/// compiler's own error text rather than a bare `CL_BUILD_PROGRAM_FAILURE`.
public struct CLBuildError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The build log of one device.
    public struct DeviceLog: Equatable, Sendable {
        public let device: String
        public let log: String
    }

    /// What `clBuildProgram` returned, usually `.buildProgramFailure`.
    public let error: CLError
    /// The options passed to `clBuildProgram`.
    public let options: String
    public let logs: [DeviceLog]

    package init(error: CLError, options: String, logs: [DeviceLog]) {
        self.error = error
        self.options = options
        self.logs = logs
    }

    public var description: String {
        var text = "clBuildProgram failed: \(error); options: \"\(options)\""
        for entry in logs {
            let log = entry.log.trimmingTrailingWhitespace
            text += "\nbuild log for \(entry.device):" + (log.isEmpty ? " (empty)" : "\n" + log)
        }
        return text
    }
}

private extension String {
    var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }
}
