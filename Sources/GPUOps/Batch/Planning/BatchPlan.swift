import Foundation
import SystemIO

/// This shard's plan, read from the spooled inputs as it is used: nothing per input is held
/// in memory, so a plan of a million inputs costs what a plan of ten does. It can be read
/// more than once (each `makeIterator()` starts over). A value: it can be handed to another
/// task, and `BatchJob.run` reads it on a thread of its own.
public struct BatchPlan: Sendable {
    private let spool: SpooledInputs
    private let decisions: [Int: CollisionRules.Decision]
    private let slice: ShardSlice
    package let skipExisting: Bool
    /// Inputs of the shard that will be processed or skipped (those that fail in planning
    /// not counted).
    public private(set) var imageCount = 0
    /// The folders the shard's outputs go to.
    package private(set) var outputFolders: Set<String> = []

    package init(spool: InputSpool, decisions: [Int: CollisionRules.Decision], slice: ShardSlice, skipExisting: Bool) throws {
        self.spool = spool.contents
        self.decisions = decisions
        self.slice = slice
        self.skipExisting = skipExisting
        var iterator = Iterator(plan: self, checksExisting: false)
        var count = 0
        var folders: Set<String> = []
        var lastFolder: Substring?
        while let input = try iterator.nextInput() {
            guard case .process(let item) = input.action else { continue }
            count += 1
            for output in item.outputs {
                let folder = output[..<(output.lastIndex(of: "/") ?? output.startIndex)]
                if folder != lastFolder {
                    folders.insert(PathSplit(output).folder)
                    lastFolder = folder
                }
            }
        }
        imageCount = count
        outputFolders = folders
    }

    package func makeIterator() -> Iterator { Iterator(plan: self, checksExisting: skipExisting) }

    /// The plan's inputs in input order. A read error of the spool (a full or failing
    /// temporary folder) ends the sequence early and is kept in `failure`.
    package struct Iterator: IteratorProtocol {
        private let plan: BatchPlan
        private let checksExisting: Bool
        private var reader: InputSpool.Reader
        private var index = 0
        private var ordinal = 0
        package private(set) var failure: (any Error)?

        package init(plan: BatchPlan, checksExisting: Bool) {
            self.plan = plan
            self.checksExisting = checksExisting
            reader = plan.spool.makeReader()
        }

        package mutating func next() -> PlannedInput? {
            do {
                return try nextInput()
            } catch {
                failure = error
                return nil
            }
        }

        package mutating func nextInput() throws -> PlannedInput? {
            while let input = try reader.next() {
                defer { index += 1 }
                let decision = plan.decisions[index]
                if decision == .drop { continue }
                defer { ordinal += 1 }
                guard plan.slice.contains(ordinal: ordinal) else { continue }
                return planned(input, decision: decision)
            }
            return nil
        }

        private func planned(_ input: SpooledInput, decision: CollisionRules.Decision?) -> PlannedInput {
            switch input.content {
            case .failure(let reason):
                return PlannedInput(name: input.name, outputs: [], action: .fail(message: "\(input.name): \(reason)"))
            case .image(let source, _, let outputs, _, let format, let outputsExist):
                if case .fail(let message) = decision {
                    return PlannedInput(name: input.name, outputs: outputs, action: .fail(message: message))
                }
                if checksExisting, outputsExist {
                    return PlannedInput(name: input.name, outputs: outputs, action: .skip)
                }
                return PlannedInput(name: input.name, outputs: outputs,
                                    action: .process(BatchItem(source: source, outputs: outputs, format: format)))
            }
        }
    }
}
