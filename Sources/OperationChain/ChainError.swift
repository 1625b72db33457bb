import Foundation

/// Why a chain of operations did not produce its output.
///
/// Every failure a chain reports is one of these cases, so a caller can `switch` over it.
/// Errors thrown by an operation's own work arrive wrapped once, in
/// ``operationFailed(operation:underlying:)``, naming the operation that threw; operations
/// further down the chain hand that same error on unchanged, so the name is always the one of
/// the operation that failed first, however long the chain.
public enum ChainError: Error, CustomStringConvertible {
    /// The work of `operation` threw (or completed with) `underlying`.
    case operationFailed(operation: String, underlying: any Error)

    /// `operation` was cancelled (or the chain it belongs to was, from that operation on);
    /// nothing after it ran its work.
    case cancelled(operation: String)

    /// Two neighbouring operations do not fit: `producer` makes values of type `output` and
    /// `consumer` expects `input`. Reported before anything runs.
    case typeMismatch(producer: String, output: String, consumer: String, input: String)

    /// `operation` was started with no input: none was given and no dependency produces its
    /// `input` type.
    case missingInput(operation: String, input: String)

    /// `operation` found several dependencies (`candidates`) producing its `input` type and
    /// cannot tell which one is meant.
    case ambiguousInput(operation: String, input: String, candidates: [String])

    /// `operation` was started while its `dependency` had not finished (started by hand, out
    /// of order, instead of by a queue).
    case dependencyNotFinished(operation: String, dependency: String)

    /// The operations depend on each other in a circle, so none of them could ever start. The
    /// names are in dependency order: each waits for the next, and the last for the first.
    case dependencyCycle([String])

    /// A compound operation or chain was given no operations.
    case emptyChain(operation: String)

    /// `operation` was already started, finished or part of another run. Operations run once;
    /// build new ones for each run (see ``ChainRecipe``).
    case operationReused(operation: String)

    /// A sentence a user can read.
    public var description: String {
        switch self {
        case let .operationFailed(operation, underlying):
            return "\(operation) failed: \(String(describing: underlying))"
        case let .cancelled(operation):
            return "\(operation) was cancelled"
        case let .typeMismatch(producer, output, consumer, input):
            return "\(producer) produces \(output) but \(consumer) expects \(input)"
        case let .missingInput(operation, input):
            return "\(operation) has no input: give it an \(input) or add exactly one dependency that produces \(input)"
        case let .ambiguousInput(operation, input, candidates):
            return "\(operation) cannot choose its \(input) input among the dependencies \(candidates.joined(separator: ", ")): link one with deliver(to:)"
        case let .dependencyNotFinished(operation, dependency):
            return "\(operation) was started before its dependency \(dependency) finished"
        case let .dependencyCycle(names):
            let circle = (names + names.prefix(1)).joined(separator: " → ")
            return "dependency cycle (each waits for the next): \(circle)"
        case let .emptyChain(operation):
            return "\(operation) has no operations to run"
        case let .operationReused(operation):
            return "\(operation) has already been started or enqueued; operations run once, so build a new one for each run"
        }
    }

    /// The error `error` as a chain reports it when it came out of `operation`'s own work:
    /// chain errors (from a nested chain, say) pass unchanged so they keep naming the
    /// operation that failed first; anything else is wrapped once.
    static func wrapping(_ error: any Error, from operation: String) -> ChainError {
        if let chainError = error as? ChainError { return chainError }
        return .operationFailed(operation: operation, underlying: error)
    }
}

extension ChainError: LocalizedError {
    /// Same text as ``description``, so `localizedDescription` reads well too.
    public var errorDescription: String? { description }
}
