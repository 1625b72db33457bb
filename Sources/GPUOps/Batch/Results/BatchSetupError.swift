import SystemIO

/// A batch cannot run as it is set up: one of its settings is unusable. Thrown before any
/// input is processed (the report's, before the first image), so nothing was written; the
/// case names the setting, the text says what is wrong with it.
public enum BatchSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `BatchJob.template` (or `OutputTemplate(_:)`): a malformed template, or one that would
    /// send two outputs of one input to one path.
    case outputTemplate(String)
    /// `ShardSpec`: a shard outside `1...count`, or a scheduler's variables that name none.
    case shard(String)
    /// `BatchJob.inputLists`: a list file that cannot be read (`reason`: "is a folder", or the
    /// system's text).
    case inputList(list: String, reason: String)
    /// `BatchJob.reportPath`: the report cannot be created or written.
    case report(SystemCallError)

    public var description: String {
        switch self {
        case .outputTemplate(let text), .shard(let text): text
        case .inputList(let list, let reason): "--list: cannot read '\(list)': \(reason)"
        case .report(let error): error.description
        }
    }
}
