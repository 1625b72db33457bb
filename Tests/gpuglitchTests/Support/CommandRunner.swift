import Foundation
import TestSupport
import Testing

/// What one run of the tool did.
struct ExecutionResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard error split into lines, without empty ones.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// `stderrLines` with the summary's elapsed time (`, 0.00 s, device`) written as `<t>`:
    /// how long a run took is not something a test can expect on a loaded machine.
    var stderrLinesWithoutElapsedTime: [String] {
        stderrLines.map { line in
            line.replacing(#/, [0-9]+\.[0-9]+ s, device /#, with: ", <t> s, device ")
        }
    }

    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs the built `gpuglitch` as a child process, in the manner of swift-argument-parser's
/// `AssertExecuteCommand`. Output goes to files rather than pipes, so a chatty run can never
/// block on a full pipe while the test waits for it to exit.
struct CommandRunner {
    /// Folder the tool runs in (relative paths in arguments are relative to it).
    var workingDirectory: URL
    /// Variables added to (or, with nil, removed from) the inherited environment.
    var environment: [String: String?] = [:]
    /// The program to run: the built tool, unless a test wraps it (e.g. in `script`).
    var executable: URL = GPUGlitchBinary.url

    init(in workingDirectory: URL, environment: [String: String?] = [:]) {
        self.workingDirectory = workingDirectory
        self.environment = environment
    }

    /// The child's environment: ours, minus any `GPUGLITCH_DEVICE` of the developer's shell,
    /// with a private POCL cache, plus the test's changes.
    func childEnvironment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["GPUGLITCH_DEVICE"] = nil
        if env["POCL_CACHE_DIR"] == nil {
            env["POCL_CACHE_DIR"] = OpenCLTestEnvironment.poclCacheDirectory
        }
        for (key, value) in environment { env[key] = value }
        return env
    }

    /// Runs `gpuglitch arguments...` (or `executable arguments...`) to the end.
    func run(_ arguments: [String], stdin: String? = nil) throws -> ExecutionResult {
        let running = try start(arguments, stdin: stdin)
        return running.wait()
    }

    /// Starts `gpuglitch arguments...` without waiting (for the interrupt tests).
    func start(_ arguments: [String], stdin: String? = nil) throws -> RunningCommand {
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpuglitch-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        let inURL = capture.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data((stdin ?? "").utf8).write(to: inURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        process.environment = childEnvironment()
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        try process.run()
        return RunningCommand(process: process, capture: capture)
    }
}

/// A started `gpuglitch`.
struct RunningCommand {
    let process: Process
    let capture: URL

    var stderrSoFar: String {
        (try? String(contentsOf: capture.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the end; a run past `timeout` seconds is killed (SIGKILL: test threads'
    /// blocked signals are inherited, see `LocalHTTPServer`) so a hang fails the test instead
    /// of stalling the suite.
    func wait(timeout: Double = 300) -> ExecutionResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        if process.isRunning {
            Issue.record("gpuglitch \(process.arguments ?? []) still running after \(timeout) s; killed")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let out = (try? String(contentsOf: capture.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: capture.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: capture)
        return ExecutionResult(status: process.terminationStatus, stdout: out, stderr: err)
    }
}
