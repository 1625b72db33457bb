import Dispatch

/// Splits the rows of an output image into contiguous bands, one per thread.
///
/// With one thread (the batch engine runs one image per core) the work runs inline on the
/// caller's thread: no dispatch, no nested parallelism. Small jobs also run inline, since
/// waking a second core costs more than a few thousand pixels.
struct RowParallelism: Sendable {
    let threads: Int
    /// Below this many output bytes a job is not split.
    static let minimumBytesToSplit = 64 * 1024

    init(threads: Int) {
        precondition(threads >= 1, "CPUBackend needs at least one thread (got \(threads))")
        self.threads = threads
    }

    /// Calls `body` with disjoint bands of `0..<rows` that together cover it, possibly
    /// concurrently. `bytes` is the size of the output, to decide whether splitting pays.
    func forEachBand(rows: Int, bytes: Int, _ body: (Range<Int>) -> Void) {
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
