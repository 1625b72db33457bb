import GPUOps

/// What `process` will do with one input of its shard.
struct PlannedInput: Equatable {
    /// The input as messages and the report name it.
    var name: String
    /// The output path, when the input got as far as having one.
    var output: String?
    var action: Action

    enum Action: Equatable {
        /// Hand to the batch runner.
        case process(BatchItem)
        /// `--skip-existing` and the output is already there.
        case skip
        /// Nothing to do for this input; `message` is its error line (it names the input).
        case fail(message: String)
    }

    var isProcessed: Bool {
        if case .process = action { return true }
        return false
    }

    var isFailure: Bool {
        if case .fail = action { return true }
        return false
    }
}
