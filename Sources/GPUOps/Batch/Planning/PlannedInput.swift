import SystemIO

/// What `process` will do with one input of its shard.
package struct PlannedInput: Equatable {
    /// The input as messages and the report name it.
    package var name: String
    /// The output paths, one per size entry, when the input got as far as having them.
    package var outputs: [String]
    package var action: Action

    /// The first output path, when there is one.
    package var output: String? { outputs.first }

    package init(name: String, outputs: [String], action: Action) {
        self.name = name
        self.outputs = outputs
        self.action = action
    }

    package enum Action: Equatable {
        /// Hand to the batch runner.
        case process(BatchItem)
        /// `--skip-existing` and every output is already there.
        case skip
        /// Nothing to do for this input; `message` is its error line (it names the input).
        case fail(message: String)
    }

    package var isProcessed: Bool {
        if case .process = action { return true }
        return false
    }

    package var isFailure: Bool {
        if case .fail = action { return true }
        return false
    }
}
