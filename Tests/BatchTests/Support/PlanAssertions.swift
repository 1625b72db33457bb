import SystemIO
@testable import GPUOps
import Testing

/// The plan of `inputs` as lines, in the manner of swift-argument-parser's `AssertParse`: one
/// line per planned input, `write NAME -> OUTPUT`, `skip NAME -> OUTPUT` or `fail MESSAGE`
/// (several outputs separated by `, `), so a test states the whole plan it expects in one
/// literal.
func planLines(_ inputs: [DiscoveredInput], folder: String = "out", format: ImageFormat? = .png,
               sizes: [String] = ["512"], template: String? = nil,
               shard: ShardSpec? = nil, skipExisting: Bool = false) throws -> [String] {
    let naming = OutputNaming(folder: folder, fixedFormat: format, sizes: sizes.compactMap(ThumbnailSize.init),
                              template: try template.map { try OutputTemplate($0) })
    let planner = BatchPlanner(naming: naming, shard: shard, skipExisting: skipExisting)
    let plan = try planner.plan { emit in for input in inputs { try emit(input) } }
    var lines: [String] = []
    var iterator = plan.makeIterator()
    while let input = iterator.next() {
        switch input.action {
        case .process(let item): lines.append("write \(input.name) -> \(item.outputs.joined(separator: ", "))")
        case .skip: lines.append("skip \(input.name) -> \(input.outputs.joined(separator: ", "))")
        case .fail(let message): lines.append("fail \(message)")
        }
    }
    if let failure = iterator.failure { throw failure }
    return lines
}

/// Asserts the plan of `inputs` is exactly `expected` (see `planLines`).
func assertPlan(_ inputs: [DiscoveredInput], folder: String = "out", format: ImageFormat? = .png,
                sizes: [String] = ["512"], template: String? = nil,
                shard: ShardSpec? = nil, skipExisting: Bool = false, _ expected: [String],
                sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try planLines(inputs, folder: folder, format: format, sizes: sizes, template: template,
                               shard: shard, skipExisting: skipExisting)
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// A discovered file input whose identity is its name (tests that need no real files).
func file(_ name: String, identity: String? = nil, relative: String? = nil) -> DiscoveredInput {
    .image(name: name, source: .file(name), identity: identity ?? "/in/" + name,
           relativeName: relative ?? PathSplit(name).name)
}

extension BatchPlan {
    /// Every planned input, read from the start.
    var inputs: [PlannedInput] {
        var iterator = makeIterator()
        var inputs: [PlannedInput] = []
        while let input = iterator.next() { inputs.append(input) }
        return inputs
    }
}
