import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and reports its peak resident memory.
///
/// Not `wait4`'s `ru_maxrss` of a child spawned from here: Linux records the address space a
/// process leaves at `exec` in its peak, and `posix_spawn`'s child leaves the test process's
/// (vfork), so every measured peak was at least the test process's own (about 110 MiB) and two
/// different programs measured alike. GNU time (`/usr/bin/time`) forks the program from its
/// own small process and reports that child's `ru_maxrss`; without it, the peak is the
/// `wait4` figure, a bound from above only.
enum PeakMemory {
    struct Outcome {
        var status: Int32
        /// Peak resident set, in KiB.
        var maxResidentKiB: Int
    }

    /// Runs `executable` with `arguments` (absolute paths: no working folder is set), output
    /// discarded.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return try spawn(executable, arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        var outcome = try spawn(time, ["-f", "%M", "-o", report.path, executable] + arguments)
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kib = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw POSIXError(.EINVAL)
        }
        outcome.maxResidentKiB = kib
        return outcome
    }

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in environment { free(e) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, &environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        }
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exited, maxResidentKiB: Int(usage.ru_maxrss))
    }
}
