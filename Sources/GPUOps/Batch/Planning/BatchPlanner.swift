import SystemIO

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
/// 4. Shard K of N takes the inputs at positions p with p mod N = K − 1 when the set is
///    ordered by a stable hash of the input names (ties in input order): every shard gets
///    the same number of inputs (±1), and the slice depends neither on argument order nor
///    on the machine.
/// 5. `--skip-existing` skips the inputs all of whose outputs were there when the inputs
///    were listed (the `lstat` that resolving each output path makes anyway). An input with
///    some outputs missing is made again whole: one decode gives every size, and the outputs
///    already there are rewritten with the same bytes.
///
/// With several sizes, every output of an input counts in rules 2 and 3: an input fails when
/// any of its outputs is an earlier input's output or an input file.
///
/// Memory stays flat in the number of inputs: the inputs go to an `InputSpool` on disk; the
/// rules need all inputs at once only to find the few that can interact, which takes 4 bytes
/// per output (a 32-bit hash of each output path, sorted, in which each input file's path is
/// looked up) while the keys are found; the inputs sharing a hash are then read back and decided exactly, with
/// their full names. A shard's slice takes 16 bytes per input while it is computed.
package struct BatchPlanner {
    package var naming: OutputNaming
    package var shard: ShardSpec?
    package var skipExisting: Bool

    /// Plans the inputs that `discover` produces (it calls its argument once per input, in
    /// input order).
    package func plan(_ discover: ((DiscoveredInput) throws -> Void) throws -> Void) throws -> BatchPlan {
        let spool = try InputSpool()
        var resolver = PathResolver()
        try discover { discovered in try spool.append(spooled(discovered, resolver: &resolver)) }
        try spool.flush()
        let shared = try Self.sharedKeys(spool)
        let decisions = try CollisionRules.decide(spool, candidateKeys: shared)
        let slice = try ShardSlice(spool, decisions: decisions, shard: shard)
        return try BatchPlan(spool: spool, decisions: decisions, slice: slice, skipExisting: skipExisting)
    }

    private func spooled(_ input: DiscoveredInput, resolver: inout PathResolver) -> SpooledInput {
        switch input.content {
        case .failure(let reason):
            return SpooledInput(name: input.name, content: .failure(reason: reason))
        case .image(let source, let identity, let relativeName):
            let (outputs, format) = naming.outputPathsAndFormat(for: relativeName)
            var resolvedOutputs: [String] = []
            resolvedOutputs.reserveCapacity(outputs.count)
            var allExist = true
            for output in outputs {
                let (resolved, exists) = resolver.resolveNoting(output)
                resolvedOutputs.append(resolved)
                allExist = allExist && exists
            }
            return SpooledInput(name: input.name, content: .image(
                source: source, identity: identity, outputs: outputs, resolvedOutputs: resolvedOutputs, format: format,
                outputsExist: allExist))
        }
    }

    /// The 32-bit collision keys (see `SpooledInput.collisionKeys`) that more than one output
    /// has: the output keys of every input (each output path, or a failure's text) in an array
    /// of exactly one entry an output, sorted; then each input file's own path is looked up in
    /// it. 4 bytes an output, plus the sort's scratch, for as long as this runs.
    package static func sharedKeys(_ spool: InputSpool) throws -> Set<UInt32> {
        var keys: [UInt32] = []
        keys.reserveCapacity(spool.count)
        try spool.forEachKeys { $0.forEachOutputKey { keys.append($0) } }
        var shared = repeatedValues(&keys)
        try spool.forEachKeys { record in
            guard let identity = record.identity else { return }
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < identity { low = middle + 1 } else { high = middle }
            }
            if low < keys.count && keys[low] == identity { shared.insert(identity) }
        }
        return shared
    }

    /// The values that occur more than once (sorts `values` in place).
    package static func repeatedValues(_ values: inout [UInt32]) -> Set<UInt32> {
        values.sort()
        var repeated: Set<UInt32> = []
        var i = 1
        while i < values.count {
            if values[i] == values[i - 1] { repeated.insert(values[i]) }
            i += 1
        }
        return repeated
    }
}

/// Rules 2 and 3 (duplicates and collisions), applied exactly, with full names, to the
/// inputs whose collision keys share a 32-bit hash with another input's: any two inputs
/// that interact are among them, and there are few (a false share is a 1 in 4 billion
/// chance per pair). Every other input is processed as it is.
package enum CollisionRules {
    /// What happens to one of the inputs decided here; inputs without a decision are kept.
    package enum Decision: Equatable, Sendable {
        /// An exact repeat of an earlier input: not planned at all.
        case drop
        /// Planned as a failure with this line.
        case fail(message: String)
    }

    package static func decide(_ spool: InputSpool, candidateKeys: Set<UInt32>) throws -> [Int: Decision] {
        guard !candidateKeys.isEmpty else { return [:] }
        var candidates: [(index: Int, input: SpooledInput)] = []
        // Keys first; only a candidate's names are decoded.
        var reader = spool.makeReader()
        var index = 0
        while let record = try reader.next(decodingWhen: { keys in
            keys.containsOutputKey(in: candidateKeys) || keys.identity.map(candidateKeys.contains) == true
        }) {
            if let input = record.input { candidates.append((index, input)) }
            index += 1
        }
        return decide(candidates)
    }

    private struct DuplicateKey: Hashable {
        package var identity: String
        package var outputs: [String]
    }

    /// The rules over inputs in input order.
    package static func decide(_ candidates: [(index: Int, input: SpooledInput)]) -> [Int: Decision] {
        var decisions: [Int: Decision] = [:]
        var seenImages: Set<DuplicateKey> = []
        var seenFailures: Set<String> = []
        var kept: [(index: Int, input: SpooledInput)] = []
        for candidate in candidates {
            switch candidate.input.content {
            case .image(_, let identity, _, let resolved, _, _):
                if seenImages.insert(DuplicateKey(identity: identity, outputs: resolved)).inserted {
                    kept.append(candidate)
                } else {
                    decisions[candidate.index] = .drop
                }
            case .failure(let reason):
                if seenFailures.insert(candidate.input.name + "\u{0}" + reason).inserted {
                    kept.append(candidate)
                } else {
                    decisions[candidate.index] = .drop
                }
            }
        }
        var inputFiles: Set<String> = []
        for (_, input) in kept {
            if case .image(.file, let identity, _, _, _, _) = input.content { inputFiles.insert(identity) }
        }
        var owners: [String: String] = [:]
        for (index, input) in kept {
            guard case .image(_, _, let outputs, let resolved, _, _) = input.content else { continue }
            var own: Set<String> = []
            var failure: String?
            for (output, path) in zip(outputs, resolved) {
                if inputFiles.contains(path) {
                    failure = "\(input.name): output '\(output)' is an input file; not overwriting it"
                } else if let owner = owners[path] {
                    failure = "\(input.name): output '\(output)' is already the output of '\(owner)'"
                } else if !own.insert(path).inserted {
                    failure = "\(input.name): output '\(output)' is the path of two of its sizes"
                }
                if failure != nil { break }
            }
            if let failure {
                decisions[index] = .fail(message: failure)
            } else {
                for path in resolved { owners[path] = input.name }
            }
        }
        return decisions
    }
}

/// Rule 4: which of the kept inputs (numbered in input order, dropped ones not counted) are
/// in this shard.
package struct ShardSlice: Sendable {
    /// nil: every input (no `--shard`, or N = 1).
    private let members: [UInt64]?

    package init(_ spool: InputSpool, decisions: [Int: CollisionRules.Decision], shard: ShardSpec?) throws {
        guard let shard, shard.count > 1 else {
            members = nil
            return
        }
        var order: [(hash: UInt64, ordinal: Int)] = []
        order.reserveCapacity(spool.count)
        try spool.forEach { index, input in
            if decisions[index] == .drop { return }
            order.append((StableHash.hash(input.name), order.count))
        }
        order.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.ordinal < $1.ordinal }
        var bits = [UInt64](repeating: 0, count: (order.count + 63) / 64)
        for (position, entry) in order.enumerated() where shard.contains(sortedPosition: position) {
            bits[entry.ordinal / 64] |= 1 << UInt64(entry.ordinal % 64)
        }
        members = bits
    }

    /// Whether the kept input with this ordinal is in the shard.
    package func contains(ordinal: Int) -> Bool {
        guard let members else { return true }
        return members[ordinal / 64] & (1 << UInt64(ordinal % 64)) != 0
    }
}
