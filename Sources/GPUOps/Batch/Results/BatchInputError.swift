import OperationChain
import SystemIO

/// Why one input of a batch has no output. The batch goes on without it.
///
/// The line the CLI prints and the report records (`line(naming:)`) is made from the case, so
/// a program that matches on the case and one that reads the line see the same failure.
public enum BatchInputError: Error, Sendable {
    /// Planning refused the input before any image work: missing or unreadable, not an image by
    /// its name, or its output collides with another input's. `message` is the whole line,
    /// naming the input.
    case notPlanned(message: String)
    /// The input could not be read or decoded (empty, truncated, damaged, an unknown format).
    case decodeFailed(ImageCodecError)
    /// A URL input could not be downloaded.
    case fetchFailed(FetchError)
    /// An output could not be flushed or renamed into place; nothing of the input was kept.
    case writeFailed(SystemCallError)
    /// Every output was renamed into place but a folder holding one could not be flushed, so
    /// the output may not survive a power cut.
    case notDurable(SystemCallError)
    /// Any other failure of the image's operations (a device error, a size the settings
    /// cannot make).
    case processingFailed(any Error)

    /// What went wrong, without the input's name.
    public var reason: String {
        switch self {
        case .notPlanned(let message): message
        case .decodeFailed(let error): error.reason.description
        case .fetchFailed(let error): error.description
        case .writeFailed(let error): error.description
        case .notDurable(let error): "\(error) (written, but it may not survive a power cut)"
        case .processingFailed(let error): String(describing: error)
        }
    }

    /// The one line naming the input (`subject`, as the input's source prints) and the reason;
    /// a planning failure's line names the input already.
    package func line(naming subject: String) -> String {
        if case .notPlanned(let message) = self { return message }
        return "\(subject): \(reason)"
    }

    /// The typed reason of a failed image operation chain: the error the chain wraps, sorted
    /// by what it says about the input.
    package init(chainFailure error: any Error) {
        switch error {
        case ChainError.operationFailed(_, let underlying):
            self.init(chainFailure: underlying)
        case let error as ImageCodecError:
            self = .decodeFailed(error)
        case ImageOperationError.fetchFailed(_, let why):
            self = .fetchFailed(why)
        default:
            self = .processingFailed(error)
        }
    }
}
