@testable import GPUOps
import Foundation
import SystemIO
import Testing

/// Planning with several outputs an input (`--size LIST`, `--output-template`): names, the
/// collision rules over every output, `--skip-existing`, shards by input.
@Suite("Size-list planner")
struct SizeListPlannerTests {
    @Test("several sizes: {dir}/{stem}_{size}.{ext} by default, one output an entry, in entry order")
    func defaultNames() throws {
        try assertPlan([file("a.png"), file("2021/b.JPEG", relative: "2021/b.JPEG"), file("scan.2021")],
                       format: .jpeg, sizes: ["512", "640x480"], [
            "write a.png -> out/a_512.jpg, out/a_640x480.jpg",
            "write 2021/b.JPEG -> out/2021/b_512.jpg, out/2021/b_640x480.jpg",
            "write scan.2021 -> out/scan.2021_512.jpg, out/scan.2021_640x480.jpg",
        ])
    }

    @Test("one size keeps the names of before, a box included")
    func oneSize() throws {
        try assertPlan([file("a.png")], sizes: ["640x480"], ["write a.png -> out/a.png"])
    }

    @Test("templates: {size} as a folder; an empty {dir} drops its slash; {ext} is the output format's")
    func templates() throws {
        let inputs = [file("a.png"), file("in/x/b.jpg", relative: "x/b.jpg")]
        try assertPlan(inputs, format: nil, sizes: ["256", "64x64"], template: "{size}/{dir}/{stem}.{ext}", [
            "write a.png -> out/256/a.png, out/64x64/a.png",
            "write in/x/b.jpg -> out/256/x/b.jpg, out/64x64/x/b.jpg",
        ])
        try assertPlan(inputs, format: .webp, sizes: ["32"], template: "tn_{stem}-{size}.{ext}", [
            "write a.png -> out/tn_a-32.webp",
            "write in/x/b.jpg -> out/tn_b-32.webp",
        ])
        try assertPlan(inputs, sizes: ["32"], template: "{dir}-{stem}.{ext}", [
            "write a.png -> out/-a.png",
            "write in/x/b.jpg -> out/x-b.png",
        ])
    }

    @Test("a collision on any output fails the later input, naming that output and its owner")
    func collisionsOverEveryOutput() throws {
        try assertPlan([file("a.png"), file("x/a.png", identity: "/in/x/a.png")], sizes: ["512", "256"], [
            "write a.png -> out/a_512.png, out/a_256.png",
            "fail x/a.png: output 'out/a_512.png' is already the output of 'a.png'",
        ])
        // Only the second output of the later input collides: "a" at 12 is "a1" at 2.
        try assertPlan([file("a1.png"), file("a.png")], sizes: ["2", "12"], template: "{stem}{size}.{ext}", [
            "write a1.png -> out/a12.png, out/a112.png",
            "fail a.png: output 'out/a12.png' is already the output of 'a1.png'",
        ])
        try assertPlan([file("q.png"), file("r.png")], sizes: ["8", "9"], template: "{size}.{ext}", [
            "write q.png -> out/8.png, out/9.png",
            "fail r.png: output 'out/8.png' is already the output of 'q.png'",
        ])
    }

    @Test("an output of any size that is an input file is refused")
    func outputIsAnInput() throws {
        let scratch = try Scratch()
        let input = try scratch.png("a_64.png")
        let other = try scratch.png("a.png")
        try assertPlan([.image(name: "a_64.png", source: .file(input), identity: FileSystem.resolvedPath(input), relativeName: "a_64.png"),
                        .image(name: "a.png", source: .file(other), identity: FileSystem.resolvedPath(other), relativeName: "a.png")],
                       folder: scratch.path, sizes: ["32", "64"], [
            "write a_64.png -> \(scratch.path)/a_64_32.png, \(scratch.path)/a_64_64.png",
            "fail a.png: output '\(scratch.path)/a_64.png' is an input file; not overwriting it",
        ])
    }

    @Test("skip-existing skips an input only when every output is there; one missing makes it whole again")
    func skipExisting() throws {
        let scratch = try Scratch()
        let out = scratch.file("out")
        try scratch.write([1], to: "out/a_64.png")
        try scratch.write([1], to: "out/a_32.png")
        try scratch.write([1], to: "out/b_64.png")
        try assertPlan([file("a.png"), file("b.png")], folder: out, sizes: ["64", "32"], skipExisting: true, [
            "skip a.png -> \(out)/a_64.png, \(out)/a_32.png",
            "write b.png -> \(out)/b_64.png, \(out)/b_32.png",
        ])
    }

    @Test("shards slice inputs, not outputs: every output of an input in the same shard")
    func shardsByInput() throws {
        let inputs = (0..<10).map { file(String(format: "in/%02d.png", $0), relative: String(format: "%02d.png", $0)) }
        let single = try (1...3).map { try planLines(inputs, shard: try ShardSpec(index: $0, count: 3)).map { $0.prefix(15) } }
        let several = try (1...3).map {
            try planLines(inputs, sizes: ["64", "32"], shard: try ShardSpec(index: $0, count: 3)).map { $0.prefix(15) }
        }
        #expect(single == several)
        #expect(several.joined().count == 10)
    }

    @Test("the plan's folders are those of every output")
    func folders() throws {
        let naming = OutputNaming(folder: "out", fixedFormat: .png, sizes: ["64", "32"].compactMap(ThumbnailSize.init),
                                  template: try OutputTemplate("{size}/{stem}.{ext}"))
        let plan = try BatchPlanner(naming: naming, shard: nil, skipExisting: false).plan { emit in try emit(file("a.png")) }
        #expect(plan.imageCount == 1)
        #expect(plan.outputFolders == ["out/64", "out/32"])
    }

    @Test("templates refused before planning: no {size} with several entries, an entry twice")
    func templateChecks() throws {
        let sizes = ["64", "32"].compactMap(ThumbnailSize.init)
        #expect(throws: BatchSetupError.outputTemplate("'{stem}.{ext}' has no {size}, so the 2 outputs of each input would go to one path")) {
            try OutputTemplate("{stem}.{ext}").validate(sizes: sizes)
        }
        #expect(throws: BatchSetupError.outputTemplate("--size names 64 twice; every entry gives one output")) {
            try OutputTemplate.perSize.validate(sizes: sizes + sizes)
        }
        try OutputTemplate.single.validate(sizes: [sizes[0]])
        var job = BatchJob(inputs: [], outputFolder: "out")
        job.settings.sizes = sizes
        job.template = try OutputTemplate("{stem}.{ext}")
        #expect(throws: BatchSetupError.self) { try job.plan() }
    }

    @Test("{width} and {height} are the output's size where every picture gets it; refused where it depends on the picture")
    func widthAndHeight() throws {
        let template = try OutputTemplate("{width}w/{stem}-{width}x{height}.{ext}")
        let sizes = try ThumbnailSize.list("800x,64x48,x600")
        // Under cover (or pad) a box is its own size; 800x is 800 wide, x600 600 tall.
        try OutputTemplate("{stem}_{width}.{ext}").validate(sizes: try ThumbnailSize.list("800x,64x48"))
        try OutputTemplate("{stem}_{height}.{ext}").validate(sizes: try ThumbnailSize.list("x600,64x48"), fit: .pad)
        #expect(throws: BatchSetupError.self) { try template.validate(sizes: sizes) }
        #expect(throws: BatchSetupError.outputTemplate(
            "'{stem}_{width}.{ext}' has {width}, but the width of entry 64x48's outputs depends on each picture (--fit cover, --no-enlarge); {width} and {height} name sides every picture gets: Wx entries for {width}, xH for {height}, boxes under cover or pad, without --no-enlarge")) {
            try OutputTemplate("{stem}_{width}.{ext}").validate(sizes: [ThumbnailSize("64x48")!], enlarges: false)
        }
        #expect(throws: BatchSetupError.self) {
            try OutputTemplate("{stem}_{width}.{ext}").validate(sizes: [ThumbnailSize("512")!], fit: .contain)
        }
        // Without {size}, the widths must tell the entries apart.
        #expect(throws: BatchSetupError.outputTemplate(
            "'{stem}_{width}.{ext}' has no {size}, and entries 800x and 800x600 give outputs it names alike, so two outputs of each input would go to one path")) {
            try OutputTemplate("{stem}_{width}.{ext}").validate(sizes: try ThumbnailSize.list("800x,800x600"))
        }
        let naming = OutputNaming(folder: "out", fixedFormat: .png, sizes: try ThumbnailSize.list("64x48,32"),
                                  template: try OutputTemplate("{width}w/{stem}-{width}x{height}.{ext}"), fit: .pad)
        #expect(naming.outputPathsAndFormat(for: "sub/cat.jpg").paths == ["out/64w/cat-64x48.png", "out/32w/cat-32x32.png"])
    }

    @Test("{width} names collide and are skipped as any other name: they are final when the inputs are listed")
    func widthCollisions() throws {
        let naming = OutputNaming(folder: "out", fixedFormat: .png, sizes: try ThumbnailSize.list("800x,400x"),
                                  template: try OutputTemplate("{stem}_{width}.{ext}"), fit: .contain)
        let plan = try BatchPlanner(naming: naming, shard: nil, skipExisting: false).plan { emit in
            try emit(file("a/cat.png", relative: "cat.png"))
            try emit(file("b/cat.png", relative: "cat.png"))
        }
        var lines: [String] = []
        for input in plan.inputs {
            switch input.action {
            case .process(let item): lines.append("write \(input.name) -> \(item.outputs.joined(separator: ", "))")
            case .skip: lines.append("skip \(input.name)")
            case .fail(let message): lines.append("fail \(message)")
            }
        }
        #expect(lines == ["write a/cat.png -> out/cat_800.png, out/cat_400.png",
                          "fail b/cat.png: output 'out/cat_800.png' is already the output of 'a/cat.png'"])
    }

    @Test("dots inside a name are names; a whole '.' or '..' folder is refused")
    func dotFolders() throws {
        let template = try OutputTemplate("..a/{stem}..{size}.{ext}")
        #expect(template.path(dir: "", stem: "cat", ext: "png", size: "64") == "..a/cat..64.png")
        #expect(throws: BatchSetupError.outputTemplate(
            "'{dir}/../{stem}.{ext}' has a folder named '..'; a template names a path under the output folder")) {
            try OutputTemplate("{dir}/../{stem}.{ext}")
        }
    }
}
