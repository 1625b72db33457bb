@testable import GPUOps
import Foundation
import SystemIO
import Testing

/// The planning rules (see `BatchPlanner`), one rule a test, on discovered inputs.
@Suite("Batch planner")
struct BatchPlannerTests {
    @Test("outputs keep the relative name, with the extension of the format written")
    func naming() throws {
        try assertPlan([file("a.png"), file("b.JPEG"), file("2021/c.jpg", relative: "2021/c.jpg"), file("scan.2021")],
                       format: .jpeg, [
            "write a.png -> out/a.jpg",
            "write b.JPEG -> out/b.jpg",
            "write 2021/c.jpg -> out/2021/c.jpg",
            "write scan.2021 -> out/scan.2021.jpg",
        ])
    }

    @Test("format keep: each output in its input's format; a name without one gets JPEG")
    func keepFormat() throws {
        try assertPlan([file("a.png"), file("b.webp"), file("c")], format: nil, [
            "write a.png -> out/a.png",
            "write b.webp -> out/b.webp",
            "write c -> out/c.jpg",
        ])
    }

    @Test("format keep: GIF, AVIF and JPEG XL inputs keep their format; TIFF and BMP become PNG, HEIF JPEG")
    func keepFormatOfEveryInput() throws {
        try assertPlan([file("a.gif"), file("b.AVIF"), file("c.jxl"), file("d.tif"), file("e.bmp"), file("f.heic")],
                       format: nil, [
            "write a.gif -> out/a.gif",
            "write b.AVIF -> out/b.avif",
            "write c.jxl -> out/c.jxl",
            "write d.tif -> out/d.png",
            "write e.bmp -> out/e.png",
            "write f.heic -> out/f.jpg",
        ])
    }

    @Test("an exact repeat is dropped silently; a second input with the same output fails, naming the first")
    func duplicatesAndCollisions() throws {
        try assertPlan([file("a.png"), file("a.png"), file("x/a.png", identity: "/in/x/a.png")], [
            "write a.png -> out/a.png",
            "fail x/a.png: output 'out/a.png' is already the output of 'a.png'",
        ])
    }

    @Test("an output that is an input file is refused, whichever comes first")
    func outputIsAnInput() throws {
        let scratch = try Scratch()
        let input = try scratch.png("a.png")
        let resolved = FileSystem.resolvedPath(input)
        try assertPlan([.image(name: "a.png", source: .file(input), identity: resolved, relativeName: "a.png")],
                       folder: scratch.path, [
            "fail a.png: output '\(scratch.path)/a.png' is an input file; not overwriting it",
        ])
    }

    @Test("failures found in discovery are planned in input order, repeated ones once")
    func discoveryFailures() throws {
        try assertPlan([.failure(name: "gone.png", reason: "No such file or directory"), file("a.png"),
                        .failure(name: "gone.png", reason: "No such file or directory")], [
            "fail gone.png: No such file or directory",
            "write a.png -> out/a.png",
        ])
    }

    @Test("skip-existing skips the inputs whose output was there when planned")
    func skipExisting() throws {
        let scratch = try Scratch()
        try scratch.write([1], to: "out/a.png")
        let out = scratch.file("out")
        try assertPlan([file("a.png"), file("b.png")], folder: out, skipExisting: true, [
            "skip a.png -> \(out)/a.png",
            "write b.png -> \(out)/b.png",
        ])
        try assertPlan([file("a.png")], folder: out, skipExisting: false, ["write a.png -> \(out)/a.png"])
    }

    @Test("shards: the slices computed independently (Python, FNV-1a + fmix64 of the names), together every input once")
    func shardSlices() throws {
        let inputs = (0..<10).map { file(String(format: "in/%02d.png", $0), relative: String(format: "%02d.png", $0)) }
        let expected: [[String]] = [
            ["in/00.png", "in/01.png", "in/04.png", "in/07.png"],
            ["in/03.png", "in/06.png", "in/08.png"],
            ["in/02.png", "in/05.png", "in/09.png"],
        ]
        for k in 1...3 {
            let lines = try planLines(inputs, shard: try ShardSpec(index: k, count: 3))
            let names = lines.map { String($0.dropFirst("write ".count).prefix(9)) }
            #expect(names == expected[k - 1], "shard \(k)/3")
        }
    }

    @Test("a shard's slice does not depend on the order the inputs were given in")
    func shardIndependentOfOrder() throws {
        let inputs = (0..<25).map { file("p\($0).png") }
        let forward = try planLines(inputs, shard: try ShardSpec(index: 2, count: 4)).sorted()
        let backward = try planLines(inputs.reversed(), shard: try ShardSpec(index: 2, count: 4)).sorted()
        #expect(forward == backward)
        #expect((6...7).contains(forward.count))
    }

    @Test("a collision is decided over the whole set before sharding: the loser fails in its own shard")
    func collisionsBeforeSharding() throws {
        let inputs = [file("a.png"), file("x/a.png", identity: "/in/x/a.png")]
        let all = try (1...2).flatMap { try planLines(inputs, shard: try ShardSpec(index: $0, count: 2)) }
        #expect(all.sorted() == ["fail x/a.png: output 'out/a.png' is already the output of 'a.png'",
                                 "write a.png -> out/a.png"])
    }

    @Test("the plan can be read again, and counts the images it will process and their folders")
    func rereadable() throws {
        let planner = BatchPlanner(naming: OutputNaming(folder: "out", fixedFormat: .png), shard: nil, skipExisting: false)
        let plan = try planner.plan { emit in
            for input in [file("a.png"), file("d/b.png", relative: "d/b.png"), .failure(name: "c", reason: "bad")] {
                try emit(input)
            }
        }
        #expect(plan.imageCount == 2)
        #expect(plan.outputFolders == ["out", "out/d"])
        #expect(plan.inputs.map(\.name) == plan.inputs.map(\.name))
        #expect(plan.inputs.map(\.name) == ["a.png", "d/b.png", "c"])
    }

    @Test("repeated 32-bit keys are found exactly")
    func repeatedKeys() {
        var keys: [UInt32] = [5, 1, 5, 9, 1, 1, 7]
        #expect(BatchPlanner.repeatedValues(&keys) == [1, 5])
        var none: [UInt32] = [3, 2, 1]
        #expect(BatchPlanner.repeatedValues(&none).isEmpty)
    }
}

/// `StableHash` against values computed once in Python (FNV-1a 64 with the domain byte first,
/// then MurmurHash3's fmix64): every shard of a batch, each its own process, must agree.
@Suite("Stable hash")
struct StableHashTests {
    @Test func knownValues() {
        #expect(StableHash.hash("") == 0xb903_4ad3_7056_f5fb)
        #expect(StableHash.hash("photos/a.png") == 0x1c0a_740d_0525_dc1d)
        #expect(StableHash.hash("photos/a.png", domain: 1) == 0xa6c5_56a3_2fab_34ae)
        #expect(StableHash.hash("café.jpg") == 0x616b_60bf_ce77_9f7f)
    }
}
