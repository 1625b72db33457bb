import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and reports its peak resident memory (`wait4`'s `ru_maxrss` of that one
/// child, unaffected by other children of the test process).
enum PeakMemory {
    struct Outcome {
        var status: Int32
        /// Peak resident set, in KiB.
        var maxResidentKiB: Int
    }

    /// Runs `executable` with `arguments` (absolute paths: no working folder is set), output
    /// discarded.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
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
