import GPUOps

/// Turns the discovered inputs into this shard's plan: output names, duplicates dropped,
/// collisions refused, the shard's slice taken, existing outputs skipped.
///
/// Order of the rules, and why:
/// 1. Output names, duplicates and collisions are decided over the whole input set, in
///    input order, before sharding: every shard then agrees on which input owns an output,
///    so shards never write the same file.
/// 2. An exact duplicate (same file or URL, same output) is dropped silently: naming a file
///    and its folder is not an error.
/// 3. A later input whose output is an earlier input's output fails; so does an input whose
///    output is an input file (same file after resolving links): never an overwrite.
/// 4. The shard is the round-robin slice of the set sorted by input name (UTF-8 bytes,
///    ties in input order), so it does not depend on argument order or on the machine.
/// 5. `--skip-existing` looks at the file system only for this shard's inputs.
struct BatchPlanner {
    var naming: OutputNaming
    var shard: ShardSpec?
    var skipExisting: Bool

    func plan(_ discovered: [DiscoveredInput]) -> [PlannedInput] {
        let unique = deduplicated(discovered)
        let planned = resolvingCollisions(unique)
        return sliced(planned).map(applyingSkipExisting)
    }

    private struct DuplicateKey: Hashable {
        var identity: String
        var output: String
    }

    /// The inputs with exact repeats removed, with resolved output paths for the others.
    private func deduplicated(_ discovered: [DiscoveredInput]) -> [(input: DiscoveredInput, resolvedOutput: String?)] {
        var seenImages: Set<DuplicateKey> = []
        var seenFailures: Set<String> = []
        var result: [(input: DiscoveredInput, resolvedOutput: String?)] = []
        var resolver = PathResolver()
        for input in discovered {
            switch input.content {
            case .image(_, let identity, let relativeName):
                let resolved = resolver.resolve(naming.outputPath(for: relativeName))
                if seenImages.insert(DuplicateKey(identity: identity, output: resolved)).inserted {
                    result.append((input, resolved))
                }
            case .failure(let reason):
                if seenFailures.insert(input.name + "\u{0}" + reason).inserted {
                    result.append((input, nil))
                }
            }
        }
        return result
    }

    private func resolvingCollisions(_ inputs: [(input: DiscoveredInput, resolvedOutput: String?)]) -> [PlannedInput] {
        var inputFiles: Set<String> = []
        for (input, _) in inputs {
            if case .image(.file, let identity, _) = input.content { inputFiles.insert(identity) }
        }
        var owners: [String: String] = [:]
        return inputs.map { input, resolvedOutput in
            switch input.content {
            case .failure(let reason):
                return PlannedInput(name: input.name, output: nil,
                                    action: .fail(message: "\(input.name): \(reason)"))
            case .image(let source, _, let relativeName):
                let output = naming.outputPath(for: relativeName)
                let resolved = resolvedOutput ?? output
                if inputFiles.contains(resolved) {
                    return PlannedInput(name: input.name, output: output, action: .fail(
                        message: "\(input.name): output '\(output)' is an input file; not overwriting it"))
                }
                if let owner = owners[resolved] {
                    return PlannedInput(name: input.name, output: output, action: .fail(
                        message: "\(input.name): output '\(output)' is already the output of '\(owner)'"))
                }
                owners[resolved] = input.name
                let item = BatchItem(source: source, output: output,
                                     format: naming.format(for: relativeName))
                return PlannedInput(name: input.name, output: output, action: .process(item))
            }
        }
    }

    /// This shard's inputs, still in input order.
    private func sliced(_ planned: [PlannedInput]) -> [PlannedInput] {
        guard let shard, shard.count > 1 else { return planned }
        let sortedPositions = planned.indices.sorted { a, b in
            let (x, y) = (planned[a].name.utf8, planned[b].name.utf8)
            if x.elementsEqual(y) { return a < b }
            return x.lexicographicallyPrecedes(y)
        }
        var inShard = [Bool](repeating: false, count: planned.count)
        for (sortedPosition, index) in sortedPositions.enumerated()
        where shard.contains(sortedPosition: sortedPosition) {
            inShard[index] = true
        }
        return planned.indices.filter { inShard[$0] }.map { planned[$0] }
    }

    private func applyingSkipExisting(_ input: PlannedInput) -> PlannedInput {
        guard skipExisting, case .process(let item) = input.action,
              FileSystem.exists(item.output) else { return input }
        var skipped = input
        skipped.action = .skip
        return skipped
    }
}
