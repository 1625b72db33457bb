import Foundation

extension ChainableOperation {
    /// Finds this operation's input, or the reason it must not run: an upstream failure or
    /// cancellation first, then the sources in the order ``ChainableOperation`` documents.
    func resolveInput() -> Result<Input, ChainError> {
        let dependencies = self.dependencies
        for dependency in dependencies {
            if let failure = upstreamFailure(of: dependency) { return .failure(failure) }
        }

        if let source = linkedSource {
            return input(from: source)
        }
        if let given = takeGivenInput() {
            return .success(given)
        }
        let producers = dependencies.compactMap { $0 as? (any OutputProducing & Operation) }
            .filter { accepts($0.outputType) }
        switch producers.count {
        case 1:
            return input(from: producers[0])
        case 0:
            if ObjectIdentifier(Input.self) == ObjectIdentifier(Void.self), let nothing = () as? Input {
                return .success(nothing)
            }
            return .failure(.missingInput(operation: chainDisplayName, input: Self.inputTypeName))
        default:
            return .failure(.ambiguousInput(operation: chainDisplayName, input: Self.inputTypeName,
                                            candidates: producers.map(\.chainDisplayName)))
        }
    }

    private static var inputTypeName: String { String(describing: Input.self) }

    /// Why `dependency` stops this operation, if it does: it has not finished, it failed, or
    /// (for an operation that produces nothing) it was cancelled.
    private func upstreamFailure(of dependency: Operation) -> ChainError? {
        guard dependency.isFinished else {
            return .dependencyNotFinished(operation: chainDisplayName, dependency: dependency.chainDisplayName)
        }
        if let producer = dependency as? any OutputProducing {
            if case .failure(let error)? = producer.outputResult {
                return .wrapping(error, from: dependency.chainDisplayName)
            }
            return nil
        }
        if dependency.isCancelled { return .cancelled(operation: dependency.chainDisplayName) }
        // An operation that produces nothing (a `BlockOperation` adapter, say) runs even when
        // what it depends on failed: the failure behind it is this operation's reason to stop,
        // not a missing input.
        return failureBehind(dependency, visited: [])
    }

    /// The first failure among the producers `operation` depends on, looking through
    /// operations that produce nothing (each visited once).
    private func failureBehind(_ operation: Operation, visited: Set<ObjectIdentifier>) -> ChainError? {
        var visited = visited
        guard visited.insert(ObjectIdentifier(operation)).inserted else { return nil }
        for dependency in operation.dependencies {
            if let producer = dependency as? any OutputProducing {
                if case .failure(let error)? = producer.outputResult {
                    return .wrapping(error, from: dependency.chainDisplayName)
                }
            } else if let failure = failureBehind(dependency, visited: visited) {
                return failure
            }
        }
        return nil
    }

    private func input(from producer: any OutputProducing & Operation) -> Result<Input, ChainError> {
        switch producer.outputResult {
        case .success(let value)?:
            if let typed = value as? Input { return .success(typed) }
            return .failure(.typeMismatch(producer: producer.chainDisplayName,
                                          output: String(describing: type(of: value)),
                                          consumer: chainDisplayName, input: Self.inputTypeName))
        case .failure(let error)?:
            return .failure(.wrapping(error, from: producer.chainDisplayName))
        case nil:
            return .failure(.dependencyNotFinished(operation: chainDisplayName,
                                                   dependency: producer.chainDisplayName))
        }
    }
}
