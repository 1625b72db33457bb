import GPUOps
import SystemIO

/// What `process` will do with one input of its shard.
public struct PlannedInput: Equatable {
    /// The input as messages and the report name it.
    public var name: String
    /// The output path, when the input got as far as having one.
    public var output: String?
    public var action: Action

    public enum Action: Equatable {
        /// Hand to the batch runner.
        case process(BatchItem)
        /// `--skip-existing` and the output is already there.
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
