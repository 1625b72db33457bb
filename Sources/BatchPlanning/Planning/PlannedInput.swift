import GPUOps
import SystemIO

/// What `process` will do with one input of its shard.
public struct PlannedInput: Equatable {
    /// The input as messages and the report name it.
    public var name: String
    /// The output paths, one per size entry, when the input got as far as having them.
    public var outputs: [String]
    public var action: Action

    /// The first output path, when there is one.
    public var output: String? { outputs.first }

    public init(name: String, outputs: [String], action: Action) {
        self.name = name
        self.outputs = outputs
        self.action = action
    }

    public enum Action: Equatable {
        /// Hand to the batch runner.
        case process(BatchItem)
        /// `--skip-existing` and every output is already there.
        case skip
        /// Nothing to do for this input; `message` is its error line (it names the input).
        case fail(message: String)
    }

    public var isProcessed: Bool {
        if case .process = action { return true }
        return false
    }

    public var isFailure: Bool {
        if case .fail = action { return true }
        return false
    }
}
