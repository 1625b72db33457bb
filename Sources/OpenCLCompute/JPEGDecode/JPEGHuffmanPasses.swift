import ImageCodecs

/// How many passes of jpeg_huffman.cl decode every restart interval of a scan, and the work
/// each work-item may do in a pass, on a device that ends long loops
/// (`OpenCLDeviceRuntime.loopIterationCap`). Elsewhere: one pass, no budget.
///
/// The kernel counts one unit of work per iteration of any of its own loops and stops at an
/// MCU boundary once it has done `workBudget`. The device counts more than that: the loops its
/// compiler adds to structure the code count too (llvmpipe ended astronaut.jpg's one interval
/// at 15,000–20,000 units, about 3.6 iterations a unit). So the budget is a sixteenth of the
/// cap, which leaves room for an MCU of some 12,000 units, far above what a photo's MCU takes
/// (a few hundred). A pass that is cut short anyway is caught by the kernel and the image is
/// declined to the host, never decoded wrongly.
///
/// An interval's whole work is at most `MCUs × (1 + blocks per MCU) + 17 × bytes` (each AC
/// symbol and each slow Huffman step takes at least one bit, each byte is loaded once), and
/// each pass but the last does at least the budget: that bounds the passes.
struct JPEGHuffmanPasses: Equatable {
    /// Units of work past which a work-item stops at its next MCU boundary.
    let workBudget: Int32
    /// Passes to enqueue: enough for the interval with the most work.
    let count: Int

    /// The part of the device's cap a pass's budget takes (see above).
    static let capShare = 16

    init(_ entropy: JPEGEntropyScan, loopIterationCap: Int?) {
        self.init(entropy, workBudget: loopIterationCap.map { $0 / Self.capShare })
    }

    /// `workBudget` nil: one pass with no budget. Tests force small budgets to check that passes
    /// resume where the one before stopped.
    init(_ entropy: JPEGEntropyScan, workBudget: Int?) {
        guard let workBudget, workBudget > 0 else {
            self.workBudget = Int32.max
            count = 1
            return
        }
        var most = 0
        for interval in 0..<entropy.intervalCount {
            let at = interval * JPEGEntropyScan.intervalInts
            let bytes = Int(entropy.intervals[at + 1] - entropy.intervals[at])
            let mcus = Int(entropy.intervals[at + 3])
            most = max(most, mcus * (1 + entropy.blocksPerMCU) + 17 * bytes)
        }
        self.workBudget = Int32(clamping: workBudget)
        count = most / workBudget + 1
    }
}
