import Dispatch

/// The cores a host computation may use, and how it splits an output image's rows over them:
/// contiguous bands, one per thread.
///
/// The CPU backend lends its own to every pass it runs, its built-in ones and each
/// `ImageKernel`'s `runOnHost(_:parallelism:)`, so a kernel whose rows are independent runs
/// as wide as the backend was made (`CPUBackend(threads:)`).
///
/// With one thread (the batch engine runs one image per core) the work runs inline on the
/// caller's thread: no dispatch, no nested parallelism. Small jobs also run inline, since
/// waking a second core costs more than a few thousand pixels.
public struct RowParallelism: Sendable, Equatable {
    /// Cores one computation may use (at least 1).
    public let threads: Int
    /// Below this many output bytes a job is not split.
    package static let minimumBytesToSplit = 64 * 1024
    /// One thread: everything runs inline on the caller's thread.
    public static let serial = RowParallelism(threads: 1)

    /// `threads` below 1 is taken as 1.
    public init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// Calls `body` with disjoint bands of `0..<rows` that together cover it, possibly
    /// concurrently, and returns once every band is done. `bytes` is the size of the output,
    /// to decide whether splitting pays. `body` must write only its own band's rows.
    public func forEachBand(rows: Int, bytes: Int, _ body: (Range<Int>) -> Void) {
        guard rows > 0 else { return }
        let bands = min(threads, rows)
        if bands <= 1 || bytes < Self.minimumBytesToSplit {
            body(0..<rows)
            return
        }
        // `body` captures raw pointers into the input and output buffers, which are not
        // `Sendable`. Sharing them is safe here: the input is only read, each band writes only
        // its own rows, and `concurrentPerform` returns after every band has finished, before
        // the buffers' owners can go away.
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedSendableBand(body: body)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                shared.body(rows * band / bands ..< rows * (band + 1) / bands)
            }
        }
    }
}

/// The band closure, vouched for by `forEachBand` (see there).
// @unchecked Sendable: forEachBand waits for every band, which write disjoint rows.
private struct UncheckedSendableBand: @unchecked Sendable {
    let body: (Range<Int>) -> Void
}
