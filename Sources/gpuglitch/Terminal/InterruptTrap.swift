#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Turns SIGINT and SIGTERM into a call of `handler` on a dispatch queue, so a batch can
/// stop cleanly (cancel the runner, remove temporary files, print the summary) instead of
/// dying mid-write.
///
/// The signals are ignored at the process level while the trap is installed (a dispatch
/// source still sees them), which is the documented way to use `DispatchSource` for
/// signals. A second signal means the user insists: the process exits at once with 130.
///
/// A signal the process inherited as ignored (a background job of a script, `nohup`) stays
/// ignored and is not trapped, as shells do.
///
/// They are also unblocked on the calling (main) thread: a process inherits its parent's
/// signal mask, and some parents spawn with SIGINT/SIGTERM blocked (corelibs Foundation's
/// `Process` passes on the mask of the thread that calls `run()`, and a libdispatch worker
/// blocks nearly everything), which would leave the batch deaf to Ctrl-C and `kill`.
final class InterruptTrap: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Installs the trap; `handler` runs once, on the first signal, off the main thread.
    init(signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "gpuglitch.interrupt")
        let state = FirstSignal()
        var sources: [any DispatchSourceSignal] = []
        var trapped: [Int32] = []
        for number in signals {
            let previous = signal(number, SIG_IGN)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                continue
            }
            trapped.append(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if state.isFirst() {
                    handler(number)
                } else {
                    _exit(ExitStatus.interrupted.rawValue)
                }
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
        self.signals = trapped
        // Unblock last, so that a signal already pending finds the sources in place.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in trapped { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Removes the trap and restores the default actions.
    func remove() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    /// Whether a signal arrived; only touched on the trap's serial queue.
    private final class FirstSignal: @unchecked Sendable {
        private var seen = false
        func isFirst() -> Bool {
            defer { seen = true }
            return !seen
        }
    }
}
