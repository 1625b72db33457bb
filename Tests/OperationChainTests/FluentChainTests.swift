@testable import OperationChain
import Foundation
import Testing

@Suite("Chain: fluent chains", .timeLimit(.minutes(1)))
struct FluentChainTests {
    @Test func deliverChainsTypedOperationsAndDidFinishGetsTheOutput() async throws {
        let log = ExecutionLog()
        let first = AddOneStep(input: 1, log: log)
        let second = DoublingStep(log: log)
        let third = StringifyStep(log: log)
        let recorder = OutcomeRecorder<String>()
        let chain: OperationChain<Int, String> = first.deliver(to: second).deliver(to: third).didFinish(recorder.record)
        #expect(chain.operations.map(ObjectIdentifier.init) == [first, second, third].map(ObjectIdentifier.init))

        try chain.enqueue(on: OperationQueue())
        #expect(try await recorder.wait()?.get() == "4")
        #expect(log.entries == ["AddOneStep", "DoublingStep", "StringifyStep"])
        #expect(recorder.calls == 1)
    }

    @Test func deliverLinksRightAwaySoTheOperationsCanBeQueuedByHand() async throws {
        let first = AddOneStep(input: 2)
        let last = StringifyStep()
        let chain = first.deliver(to: DoublingStep()).deliver(to: last)
        #expect(last.dependencies.count == 1)
        try OperationQueue().addOperationsCheckingCycles(chain.operations.reversed())
        #expect(await waitUntil { last.isFinished })
        #expect(try last.result?.get() == "6")
    }

    @Test func theLinkedProducerIsTakenEvenWhenOtherDependenciesProduceTheSameType() async throws {
        let unrelated = AddOneStep(input: 100, name: "unrelated")
        let doubling = DoublingStep()
        doubling.addDependency(unrelated)
        let queue = OperationQueue()
        queue.addOperation(unrelated)
        let result = try await AddOneStep(input: 1).deliver(to: doubling).run(on: queue)
        #expect(result == 4)
    }

    @Test func didFinishHandlersAddUpAndAnEarlierOneStaysWithItsOperation() async throws {
        let middle = OutcomeRecorder<Int>()
        let end = OutcomeRecorder<String>()
        let again = OutcomeRecorder<String>()
        let chain = AddOneStep(input: 1)
            .deliver(to: DoublingStep())
            .didFinish(middle.record)
            .deliver(to: StringifyStep())
            .didFinish(end.record)
            .didFinish(again.record)
        try chain.enqueue(on: OperationQueue())
        #expect(try await middle.wait()?.get() == 4)
        #expect(try await end.wait()?.get() == "4")
        #expect(try await again.wait()?.get() == "4")
    }

    @Test func chainsJoinChains() async throws {
        let tail = DoublingStep().deliver(to: StringifyStep())
        let result = try await AddOneStep(input: 4).deliver(to: tail).run(on: OperationQueue())
        #expect(result == "10")
    }

    @Test func aChainPackagedAsOneOperationRunsInsideAnother() async throws {
        let packaged = AddOneStep().deliver(to: DoublingStep()).asOperation()
        let outer = CompoundOperation<Int, String>(operations: [AddOneStep(), packaged, StringifyStep()], input: 0)
        #expect(try await outer.run(on: OperationQueue()) == "4")
    }

    @Test func anErrorInTheChainReachesDidFinish() async {
        let log = ExecutionLog()
        let recorder = OutcomeRecorder<String>()
        let chain = AddOneStep(input: 1, log: log)
            .deliver(to: FailingStep(log: log, name: "refuser"))
            .deliver(to: StringifyStep(log: log))
            .didFinish(recorder.record)
        #expect(throws: Never.self) { try chain.enqueue(on: OperationQueue()) }
        guard case .operationFailed(let operation, _)? = chainError(await recorder.wait()) else {
            Issue.record("expected operationFailed")
            return
        }
        #expect(operation == "refuser")
        #expect(log.entries == ["AddOneStep", "refuser"])
    }

    @Test func enqueueingTwiceIsRejected() async throws {
        let chain = AddOneStep(input: 1).deliver(to: StringifyStep())
        let queue = OperationQueue()
        try chain.enqueue(on: queue)
        #expect(throws: ChainError.operationReused(operation: "AddOneStep")) {
            try chain.enqueue(on: queue)
        }
        #expect(await waitUntil { queue.operationCount == 0 })
    }
}
