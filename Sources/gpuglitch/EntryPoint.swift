import ArgumentParser
import Foundation
import GPUOps
import SystemIO

/// The program's entry point. It exists instead of `GPUGlitch.main()` for one reason:
/// ArgumentParser exits usage errors with `EX_USAGE` (64), and gpuglitch documents 2
/// (docs/SPEC.md §7), the code most Unix tools use for "you called me wrong".
///
/// Exit codes, all raised as `ExitCode` by the commands:
/// - 0: every input done (written or skipped);
/// - 1: some input failed (`ExitStatus.someInputsFailed`);
/// - 2: usage error: a parse error or a `ValidationError`, mapped here from 64;
/// - 3: the requested device is not there (`ExitStatus.deviceUnavailable`);
/// - 130: interrupted by SIGINT or SIGTERM (`ExitStatus.interrupted`).
@main
enum EntryPoint {
    static func main() async {
        do {
            // The arguments' own bytes: a file name that is not UTF-8 must reach the file
            // system as it was typed (`CommandLine.arguments` replaces such bytes).
            let arguments = (1..<Int(CommandLine.argc)).map { PathBytes.string(cString: CommandLine.unsafeArgv[$0]!) }
            var command = try GPUGlitch.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if GPUGlitch.exitCode(for: error) == .validationFailure {
                Console.error(GPUGlitch.fullMessage(for: error) + "\n")
                exit(ExitStatus.usage.rawValue)
            }
            GPUGlitch.exit(withError: error)
        }
    }
}
