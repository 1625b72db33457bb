/// `--shard K/N`: the K-th (1-based) of N deterministic slices of the input set.
///
/// Inputs are sorted by a key that does not depend on the machine (see `BatchPlanner`), and
/// the input at sorted position `p` (0-based) belongs to shard `p % N + 1`. Round-robin
/// rather than contiguous ranges so that a folder of big photos next to a folder of small
/// ones spreads over all shards, and the N shards together cover every input exactly once.
public struct ShardSpec: Equatable, Sendable, CustomStringConvertible {
    /// 1-based shard number, `1...count`.
    package let index: Int
    package let count: Int


    /// Shard `index` of `count`, `1 ≤ index ≤ count`.
    public init(index: Int, count: Int) throws(BatchSetupError) {
        guard count >= 1 else { throw .shard("N must be at least 1 (got \(index)/\(count))") }
        guard (1...count).contains(index) else {
            throw .shard("K must be 1...\(count) (got \(index)/\(count); shards are numbered from 1)")
        }
        self.init(checkedIndex: index, count: count)
    }

    private init(checkedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with `1 ≤ K ≤ N`.
    package init(parsing text: String) throws(BatchSetupError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .shard("expected K/N, e.g. 2/8 (got '\(text)')")
        }
        guard n >= 1 else {
            throw .shard("N must be at least 1 (got '\(text)')")
        }
        guard (1...n).contains(k) else {
            throw .shard("K must be 1...\(n) (got '\(text)'; shards are numbered from 1)")
        }
        self.init(checkedIndex: k, count: n)
    }

    /// `--shard auto`: K/N from the scheduler's environment, so a job array needs no
    /// arithmetic in its script.
    /// - Slurm job array: `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_MIN` and
    ///   `SLURM_ARRAY_TASK_MAX` (K = ID − MIN + 1, N = MAX − MIN + 1), or, without MIN/MAX,
    ///   `SLURM_ARRAY_TASK_COUNT` with IDs counted from `SLURM_ARRAY_TASK_MIN` (0 if unset);
    /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based) with `--shard-count N`.
    /// Anything else is an error naming what is missing.
    package init(fromEnvironment env: [String: String], shardCount: Int?) throws(BatchSetupError) {
        func number(_ key: String) throws(BatchSetupError) -> Int? {
            guard let text = env[key] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw .shard("auto: \(key)='\(text)' is not a number")
            }
            return value
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            let min = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let count: Int
            if let max = try number("SLURM_ARRAY_TASK_MAX") {
                count = max - min + 1
            } else if let total = try number("SLURM_ARRAY_TASK_COUNT") {
                count = total
            } else {
                throw .shard("auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT")
            }
            let index = id - min + 1
            guard count >= 1, (1...count).contains(index) else {
                throw .shard("auto: SLURM_ARRAY_TASK_ID \(id) is outside the array \(min)...\(min + count - 1)")
            }
            if shardCount != nil {
                throw .shard("auto: --shard-count is for JOB_COMPLETION_INDEX; a Slurm array gives its size itself")
            }
            self.init(checkedIndex: index, count: count)
            return
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let count = shardCount else {
                throw .shard("auto: JOB_COMPLETION_INDEX is set; give the job's completions with --shard-count N")
            }
            guard count >= 1, (0..<count).contains(index) else {
                throw .shard("auto: JOB_COMPLETION_INDEX \(index) is outside 0...\(count - 1) (--shard-count \(count))")
            }
            self.init(checkedIndex: index + 1, count: count)
            return
        }
        throw .shard("auto: no scheduler found (set by Slurm: SLURM_ARRAY_TASK_ID; by a Kubernetes Indexed Job: JOB_COMPLETION_INDEX)")
    }

    /// Whether the input at `sortedPosition` in the sorted input set is in this shard.
    package func contains(sortedPosition: Int) -> Bool {
        sortedPosition % count == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
