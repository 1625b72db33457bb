/// `--shard K/N`: the K-th (1-based) of N deterministic slices of the input set.
///
/// Inputs are sorted by a key that does not depend on the machine (see `BatchPlanner`), and
/// the input at sorted position `p` (0-based) belongs to shard `p % N + 1`. Round-robin
/// rather than contiguous ranges so that a folder of big photos next to a folder of small
/// ones spreads over all shards, and the N shards together cover every input exactly once.
struct ShardSpec: Equatable, CustomStringConvertible {
    /// 1-based shard number, `1...count`.
    let index: Int
    let count: Int

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with `1 ≤ K ≤ N`.
    init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ParseError(description: "expected K/N, e.g. 2/8 (got '\(text)')")
        }
        guard n >= 1 else {
            throw ParseError(description: "N must be at least 1 (got '\(text)')")
        }
        guard (1...n).contains(k) else {
            throw ParseError(description: "K must be 1...\(n) (got '\(text)'; shards are numbered from 1)")
        }
        self.init(index: k, count: n)
    }

    /// Whether the input at `sortedPosition` in the sorted input set is in this shard.
    func contains(sortedPosition: Int) -> Bool {
        sortedPosition % count == index - 1
    }

    var description: String { "\(index)/\(count)" }
}
