import GPUOps
import Testing

/// `--shard K/N` and `--shard auto` as the library parses them, with their exact errors.
@Suite("Shard spec")
struct ShardSpecTests {
    @Test func parses() throws {
        #expect(try ShardSpec(parsing: "2/8") == ShardSpec(index: 2, count: 8))
        #expect(try ShardSpec(parsing: "1/1").description == "1/1")
    }

    @Test("bad K/N: one line saying what is wrong", arguments: [
        ("2", "expected K/N, e.g. 2/8 (got '2')"),
        ("a/3", "expected K/N, e.g. 2/8 (got 'a/3')"),
        ("1/0", "N must be at least 1 (got '1/0')"),
        ("0/3", "K must be 1...3 (got '0/3'; shards are numbered from 1)"),
        ("4/3", "K must be 1...3 (got '4/3'; shards are numbered from 1)"),
    ])
    func refuses(text: String, message: String) {
        #expect(throws: BatchSetupError.shard(message)) { try ShardSpec(parsing: text) }
    }

    @Test("a shard out of range is an error, not a trap")
    func outOfRange() {
        #expect(throws: BatchSetupError.self) { try ShardSpec(index: 0, count: 2) }
        #expect(throws: BatchSetupError.self) { try ShardSpec(index: 1, count: 0) }
    }

    @Test("Slurm and Kubernetes environments")
    func environments() throws {
        #expect(try ShardSpec(fromEnvironment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "3",
                                                "SLURM_ARRAY_TASK_MAX": "6"], shardCount: nil) == ShardSpec(index: 3, count: 4))
        #expect(try ShardSpec(fromEnvironment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"],
                              shardCount: nil) == ShardSpec(index: 1, count: 2))
        #expect(try ShardSpec(fromEnvironment: ["JOB_COMPLETION_INDEX": "3"], shardCount: 4) == ShardSpec(index: 4, count: 4))
        #expect(throws: BatchSetupError.shard("auto: JOB_COMPLETION_INDEX 4 is outside 0...3 (--shard-count 4)")) {
            try ShardSpec(fromEnvironment: ["JOB_COMPLETION_INDEX": "4"], shardCount: 4)
        }
        #expect(throws: BatchSetupError.shard("auto: no scheduler found (set by Slurm: SLURM_ARRAY_TASK_ID; by a Kubernetes Indexed Job: JOB_COMPLETION_INDEX)")) {
            try ShardSpec(fromEnvironment: [:], shardCount: nil)
        }
    }

    @Test("round robin over sorted positions: N shards cover each position once")
    func roundRobin() throws {
        let shards = try (1...3).map { try ShardSpec(index: $0, count: 3) }
        for position in 0..<30 {
            #expect(shards.filter { $0.contains(sortedPosition: position) }.count == 1)
            #expect(shards[position % 3].contains(sortedPosition: position))
        }
    }
}
