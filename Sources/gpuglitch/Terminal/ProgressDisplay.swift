#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Everything `process` prints on standard error while a batch runs.
///
/// - `bar` (standard error is a terminal): a one-line bar redrawn in place with `\r`
///   (done/total, images/s, ETA, failures); error lines are printed above it.
/// - `plain` (a pipe or a file): error lines only, so logs stay greppable.
/// - `quiet` (`--quiet`): error lines only, as `plain`; the caller also drops the summary.
///
/// Thread-safe: the runner reports results from any thread, a timer redraws the bar.
// @unchecked: every mutable field is read and written under `lock` (the timer is set once, under it).
final class ProgressDisplay: @unchecked Sendable {
    enum Mode { case bar, plain, quiet }

    private let mode: Mode
    private var total: Int
    private let lock = NSLock()
    private var done = 0
    private var failed = 0
    private var startTime: Double?
    private var lastDraw = 0.0
    private var barVisible = false
    /// Set by `finish`: a timer tick already under way must not redraw after it.
    private var finished = false
    private var timer: (any DispatchSourceTimer)?

    init(mode: Mode, total: Int) {
        self.mode = mode
        self.total = total
    }

    /// The mode for a run: the bar only on a terminal and without `--quiet`.
    static func mode(quiet: Bool) -> Mode {
        quiet ? .quiet : (Console.isErrorTerminal ? .bar : .plain)
    }

    /// Starts the clock (and, for the bar, the timer that keeps the ETA moving).
    func start() {
        lock.withLock { startTime = Monotonic.seconds() }
        guard mode == .bar else { return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gpuglitch.progress"))
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self] in self?.redraw(force: true) }
        timer.resume()
        lock.withLock { self.timer = timer }
        redraw(force: true)
    }

    /// Counts one finished item; prints its error line when it failed.
    func record(failedWith message: String?) {
        lock.withLock {
            done += 1
            if message != nil { failed += 1 }
        }
        if let message { error(message) }
        redraw(force: false)
    }

    /// An input counted in the total turned out to need no work (`--skip-existing`).
    func recordSkipped() {
        lock.withLock { total = max(done, total - 1) }
    }

    /// Prints one error line (`gpuglitch: <message>`), above the bar if there is one.
    func error(_ message: String) {
        Console.withLock {
            lock.withLock {
                if barVisible { Console.errorUnlocked("\r\u{1B}[K") }
                // One failure, one line, whatever the name holds.
                Console.errorUnlocked("gpuglitch: \(ControlCharacterEscaping.escaped(message))\n")
                if barVisible { Console.errorUnlocked(barLine()) }
            }
        }
    }

    /// Stops the timer and clears the bar, leaving the line free for the summary.
    func finish() {
        let timer = lock.withLock { () -> (any DispatchSourceTimer)? in
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
        Console.withLock {
            lock.withLock {
                if barVisible { Console.errorUnlocked("\r\u{1B}[K") }
                barVisible = false
                finished = true
            }
        }
    }

    private func redraw(force: Bool) {
        guard mode == .bar else { return }
        Console.withLock {
            lock.withLock {
                let now = Monotonic.seconds()
                guard !finished, force || now - lastDraw >= 0.1 else { return }
                lastDraw = now
                barVisible = true
                Console.errorUnlocked(barLine())
            }
        }
    }

    /// `\r[#######.........] 120/250 48% | 55.2 images/s | ETA 0:02 | 2 failed`, cut to the
    /// terminal's width. Called with `lock` held.
    private func barLine() -> String {
        let elapsed = startTime.map { Monotonic.seconds() - $0 } ?? 0
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let width = 24
        let filled = min(width, Int(fraction * Double(width)))
        var line = "[" + String(repeating: "#", count: filled)
            + String(repeating: ".", count: width - filled) + "] "
        line += "\(done)/\(total) \(Int(fraction * 100))%"
        if done > 0 && elapsed > 0 {
            let rate = Double(done) / elapsed
            line += " | " + String(format: "%.1f", rate) + " images/s"
            line += " | ETA " + Self.clock(Double(total - done) / rate)
        } else {
            line += " | ETA --"
        }
        if failed > 0 { line += " | \(failed) failed" }
        let columns = Self.terminalColumns()
        if line.count > columns - 1 { line = String(line.prefix(max(1, columns - 1))) }
        return "\r\u{1B}[K" + line
    }

    /// `m:ss`, or `h:mm:ss` past an hour.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s >= 3600 { return String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) }
        return String(format: "%d:%02d", s / 60, s % 60)
    }

    private static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }
}

/// Seconds on a monotonic clock, for rates and durations.
enum Monotonic {
    static func seconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
