import Foundation

/// Watches one run of a chain: the members of a ``CompoundOperation`` or of an enqueued
/// ``OperationChain``.
///
/// It gives a chain what Foundation's dependencies alone do not: cancelling any member
/// cancels them all (so every member finishes promptly and no work starts after), and one
/// outcome for the whole run, delivered once every member has finished. The outcome is the
/// first failure or cancellation (in the order they happened) or else the last member's
/// output.
///
/// Members hold their coordinator until they finish; the coordinator holds members weakly, so
/// a run that is dropped before it starts leaks nothing.
final class ChainCoordinator: Sendable {
    private struct WeakMember {
        weak var operation: AnyChainableOperation?
    }

    /// What the members have reported so far, inside one lock.
    private struct Progress {
        var unfinishedCount: Int
        var firstFailure: ChainError?
        var lastOutcome: Result<Any, ChainError>?
        var isCancelling = false
        var completion: (@Sendable (Result<Any, ChainError>) -> Void)?
    }

    private let members: [WeakMember]
    private let lastMember: ObjectIdentifier
    private let progress: LockedState<Progress>

    /// - Parameters:
    ///   - members: the operations of the run, non-empty, the last one producing the output.
    ///   - completion: called once with the run's outcome, on the thread that finishes the
    ///     last member, before that member reports `isFinished`.
    init(members: [AnyChainableOperation], completion: @escaping @Sendable (Result<Any, ChainError>) -> Void) {
        precondition(!members.isEmpty, "a chain run needs at least one operation")
        self.members = members.map { WeakMember(operation: $0) }
        self.lastMember = ObjectIdentifier(members[members.count - 1])
        progress = LockedState(Progress(unfinishedCount: members.count, completion: completion))
    }

    /// Makes every member report to this coordinator. Fails, changing nothing, when a member
    /// has already started or belongs to another run. A member cancelled beforehand cancels
    /// the run, naming the first such member.
    func attach() throws(ChainError) {
        let operations = members.compactMap(\.operation)
        for (index, operation) in operations.enumerated() where !operation.join(self) {
            for joined in operations[..<index] { joined.leave(self) }
            throw .operationReused(operation: operation.chainDisplayName)
        }
        if let cancelled = operations.first(where: \.isCancelled) {
            cancelRun(origin: cancelled.chainDisplayName)
        }
    }

    /// Records a member's outcome; delivers the run's outcome after the last one.
    func memberDidFinish(_ member: AnyChainableOperation, outcome: Result<Any, ChainError>) {
        let lastMember = self.lastMember
        let delivery = progress.withLock { p -> (Result<Any, ChainError>, @Sendable (Result<Any, ChainError>) -> Void)? in
            p.unfinishedCount -= 1
            if case .failure(let error) = outcome, p.firstFailure == nil {
                p.firstFailure = error
            }
            if ObjectIdentifier(member) == lastMember {
                p.lastOutcome = outcome
            }
            guard p.unfinishedCount == 0, let completion = p.completion else { return nil }
            p.completion = nil
            let runOutcome: Result<Any, ChainError>
            if let lastOutcome = p.lastOutcome, case .success = lastOutcome {
                // The last member only succeeds with the output of all before it: the chain
                // produced its result, even if it was cancelled once the last member was past
                // its commit point (`keepsSuccessWhenCancelled`).
                runOutcome = lastOutcome
            } else if let firstFailure = p.firstFailure {
                runOutcome = .failure(firstFailure)
            } else if let lastOutcome = p.lastOutcome {
                runOutcome = lastOutcome
            } else {
                preconditionFailure("every member finished but the last one never reported")
            }
            return (runOutcome, completion)
        }
        if let (runOutcome, completion) = delivery {
            completion(runOutcome)
        }
    }

    /// Cancels every member; the run's outcome becomes `cancelled(origin)` unless a failure
    /// came first.
    func cancelRun(origin: String) {
        let startsCancelling = progress.withLock { p -> Bool in
            if p.firstFailure == nil, p.unfinishedCount > 0 {
                p.firstFailure = .cancelled(operation: origin)
            }
            guard !p.isCancelling else { return false }
            p.isCancelling = true
            return true
        }
        let targets = startsCancelling ? members.compactMap(\.operation) : []
        for operation in targets { operation.cancel() }
    }
}
