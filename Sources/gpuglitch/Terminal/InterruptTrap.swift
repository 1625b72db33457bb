#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Turns SIGINT and SIGTERM into a call of `handler` on a dispatch queue, so a batch can
/// stop cleanly (cancel the runner, remove temporary files, print the summary) instead of
/// dying mid-write. A second signal means the user insists: the process exits at once with
/// 130, whatever its threads are doing.
///
/// The second signal is handled inside the signal handler itself (`_exit`, which is
/// async-signal-safe), not on a queue: when a call never returns (an OpenCL driver that
/// deadlocks, a report written to a pipe nobody reads) the first signal's clean-up can block
/// with it, and a second signal that waited for a queue or a lock would be ignored too,
/// leaving the user nothing but `kill -9`. Exiting then keeps what was written true: report
/// records are written with one `write(2)` each and outputs are renamed into place complete,
/// so a record or an output either exists whole or not at all (a temporary file may remain;
/// the next run removes stale ones).
///
/// The first signal only writes its number to a pipe (also async-signal-safe); a dispatch
/// source reads it, prints a notice saying how to stop at once, and calls `handler`.
///
/// A signal the process inherited as ignored (a background job of a script, `nohup`) stays
/// ignored and is not trapped, as shells do.
///
/// They are also unblocked on the calling (main) thread: a process inherits its parent's
/// signal mask, and some parents spawn with SIGINT/SIGTERM blocked (corelibs Foundation's
/// `Process` passes on the mask of the thread that calls `run()`, and a libdispatch worker
/// blocks nearly everything), which would leave the batch deaf to Ctrl-C and `kill`.
///
/// One trap at a time per process (the signal handler's state is process-wide).
final class InterruptTrap: @unchecked Sendable {
    /// Reads the first signal's number from the pipe; nil when no pipe could be made.
    private let source: (any DispatchSourceRead)?
    private let signals: [Int32]

    /// Installs the trap; `handler` runs once, on the first signal, off the main thread.
    init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 {
            // No pipe (out of descriptors): the first signal exits at once as the second would.
            ends = [-1, -1]
            InterruptSignalState.received.store(1, ordering: .sequentiallyConsistent)
        } else {
            InterruptSignalState.received.store(0, ordering: .sequentiallyConsistent)
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
            _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        }
        InterruptSignalState.pipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        InterruptSignalState.exitStatus.store(ExitStatus.interrupted.rawValue, ordering: .sequentiallyConsistent)

        let readEnd = ends[0], writeEnd = ends[1]
        if readEnd >= 0 {
            let source = DispatchSource.makeReadSource(fileDescriptor: readEnd,
                                                       queue: DispatchQueue(label: "gpuglitch.interrupt"))
            let state = FirstSignal()
            source.setEventHandler {
                var number: UInt8 = 0
                guard read(readEnd, &number, 1) == 1, state.isFirst() else { return }
                Console.error("gpuglitch: stopping after the images in progress; interrupt again to exit at once\n")
                handler(Int32(number))
            }
            source.setCancelHandler {
                close(readEnd)
                close(writeEnd)
            }
            source.resume()
            self.source = source
        } else {
            source = nil
        }

        var trapped: [Int32] = []
        for number in signals {
            let previous = signal(number, interruptSignalReceived)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)
                continue
            }
            trapped.append(number)
        }
        self.signals = trapped
        // Unblock last, so that a signal already pending finds the handler in place.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in trapped { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Removes the trap and restores the default actions.
    func remove() {
        for number in signals { signal(number, SIG_DFL) }
        InterruptSignalState.pipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
        source?.cancel()
    }

    /// Whether a signal was handed on; only touched on the trap's serial queue.
    private final class FirstSignal: @unchecked Sendable {
        private var seen = false
        func isFirst() -> Bool {
            defer { seen = true }
            return !seen
        }
    }
}

/// What the signal handler reads: lock-free atomics only, set before the handler is
/// installed (so their lazy initialisation never runs inside it).
private enum InterruptSignalState {
    /// Signals received since the trap was installed.
    static let received = Atomic<Int>(0)
    /// The pipe the first signal's number is written to, or -1.
    static let pipeWriteEnd = Atomic<Int32>(-1)
    /// `ExitStatus.interrupted`, for the second signal.
    static let exitStatus = Atomic<Int32>(130)
}

/// The signal handler: async-signal-safe calls only (`write`, `_exit`).
private func interruptSignalReceived(_ number: Int32) {
    if InterruptSignalState.received.add(1, ordering: .sequentiallyConsistent).oldValue > 0 {
        _exit(InterruptSignalState.exitStatus.load(ordering: .sequentiallyConsistent))
    }
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(InterruptSignalState.pipeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
    errno = savedErrno
}
