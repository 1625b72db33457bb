
/// How one input of a batch ended: what `BatchJob.run` hands its `results` sequence and its
/// observer, for every input of the plan, in the order they end.
public struct BatchInputResult: Sendable {
    /// The input as the messages and the report name it.
    public package(set) var input: String
    /// Its output paths, one per size entry (empty when planning failed before naming them).
    public package(set) var outputs: [String]
    public package(set) var outcome: Outcome
    /// Wall time of the image's work, in seconds (0 unless it was processed).
    public package(set) var seconds: Double
    /// The device had no room for the image, and it was made on the CPU instead.
    public package(set) var fellBackToCPU: Bool
    /// The device had its share of images in flight (`BatchJob.deviceShare`), and this one
    /// was made on the CPU: the same bytes.
    public package(set) var sharedToCPU = false
    /// What was wrong with the input's metadata and was left out of its outputs, one line
    /// each ("EXIF dropped: …"); metadata never fails an image.
    public package(set) var warnings: [String] = []

    public enum Outcome: Sendable {
        /// Every output was written and would survive a power cut; the saved files, in the
        /// order of `outputs`.
        case written([SavedImage])
        /// `BatchJob.skipExisting`: every output already existed.
        case skipped
        case failed(BatchInputError)
        /// The batch was cancelled before the input was finished; nothing of it was written.
        case interrupted
    }

    /// The line the CLI prints for a failure, naming the input and the reason; nil otherwise.
    public let failureMessage: String?

    package init(input: String, outputs: [String], outcome: Outcome, failureMessage: String? = nil,
                 seconds: Double = 0, fellBackToCPU: Bool = false) {
        self.input = input
        self.outputs = outputs
        self.outcome = outcome
        self.failureMessage = failureMessage
        self.seconds = seconds
        self.fellBackToCPU = fellBackToCPU
    }

    /// The saved files when the outputs were written; empty otherwise.
    public var written: [SavedImage] {
        if case .written(let saved) = outcome { return saved }
        return []
    }

    /// The reason, when the input failed.
    public var error: BatchInputError? {
        if case .failed(let error) = outcome { return error }
        return nil
    }
}
