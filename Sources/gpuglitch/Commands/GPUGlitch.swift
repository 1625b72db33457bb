import ArgumentParser

/// The root command. It does nothing itself; each subcommand lives in its own file.
struct GPUGlitch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpuglitch",
        abstract: "Batch-scale, crop and glitch images on an OpenCL device or the CPU.",
        discussion: """
            Exit codes: 0 all done, 1 some inputs failed, 2 usage error, \
            3 requested device missing, 130 interrupted.
            """,
        version: "0.1.0",
        // One file per subcommand; a new subcommand is one more line here.
        subcommands: [
            ProcessCommand.self,
            DevicesCommand.self,
            BenchCommand.self,
            ReportCommand.self,
            VerifyCommand.self,
        ]
    )
}
