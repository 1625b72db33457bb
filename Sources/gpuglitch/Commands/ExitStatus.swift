import ArgumentParser

/// The exit codes gpuglitch documents (docs/SPEC.md §7, docs/CLI.md). Commands throw these; the
/// entry point turns ArgumentParser's usage code (64) into `usage`.
enum ExitStatus {
    /// Every input was written or skipped.
    static let success = ExitCode.success
    /// At least one input failed; the others were processed.
    static let someInputsFailed = ExitCode(1)
    /// The command line is wrong (unknown option, bad value, conflicting options).
    static let usage = ExitCode(2)
    /// `--device` (or `GPUGLITCH_DEVICE`) asked for a device this machine does not have.
    static let deviceUnavailable = ExitCode(3)
    /// SIGINT or SIGTERM stopped the batch (128 + SIGINT, as shells report Ctrl-C).
    static let interrupted = ExitCode(130)
}
