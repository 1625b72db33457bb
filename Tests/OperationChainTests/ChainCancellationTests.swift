@testable import OperationChain
import Foundation
import Testing

@Suite("Chain: cancellation", .timeLimit(.minutes(1)))
struct ChainCancellationTests {
    @Test func anOperationCancelledBeforeItStartsStillFinishesInItsQueue() async {
        let log = ExecutionLog()
        let operation = AddOneStep(input: 1, log: log)
        operation.cancel()
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        #expect(await waitUntil { queue.operationCount == 0 })
        #expect(chainError(operation.result) == .cancelled(operation: "AddOneStep"))
        #expect(log.entries.isEmpty)
    }

    @Test func anAsynchronousOperationCancelledBeforeItStartsStillFinishes() async {
        let log = ExecutionLog()
        let operation = AsyncSleepStep(input: 1, delay: 0.01, log: log)
        operation.cancel()
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        #expect(chainError(operation.result) == .cancelled(operation: "AsyncSleepStep"))
        #expect(log.entries.isEmpty)
    }

    @Test func aCancelledOperationDoesNotWaitForItsDependencies() async throws {
        let slow = ManualStep(input: 1)
        let waiting = DoublingStep()
        waiting.addDependency(slow)
        let queue = OperationQueue()
        try queue.addOperationsCheckingCycles([slow, waiting])
        #expect(await slow.waitUntilStarted())
        waiting.cancel()
        #expect(await waitUntil { waiting.isFinished })
        #expect(!slow.isFinished, "the dependency is still running")
        #expect(chainError(waiting.result) == .cancelled(operation: "DoublingStep"))
        slow.cancel()
        #expect(await waitUntil { slow.isFinished })
    }

    @Test func cancellingACompoundBeforeItStartsFinishesEveryMemberAndRunsNothing() async {
        let log = ExecutionLog()
        let recorder = OutcomeRecorder<String>()
        let compound = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log), DoublingStep(log: log), StringifyStep(log: log)],
            input: 1, finishBlock: recorder.record)
        compound.name = "job"
        compound.cancel()
        let queue = OperationQueue()
        queue.addOperation(compound)
        #expect(chainError(await recorder.wait()) == .cancelled(operation: "job"))
        #expect(await waitUntil { compound.isFinished && compound.operations.allSatisfy(\.isFinished) })
        #expect(log.entries.isEmpty)
        for member in compound.operations {
            #expect(chainError(member.outputResult) == .cancelled(operation: member.name!))
        }
    }

    @Test func cancellingACompoundWhileItRunsStopsItPromptly() async {
        let log = ExecutionLog()
        let slow = SlowStep(duration: 30, log: log, name: "slow")
        let recorder = OutcomeRecorder<String>()
        let compound = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log), slow, DoublingStep(log: log), StringifyStep(log: log)],
            input: 1, finishBlock: recorder.record)
        compound.name = "job"
        OperationQueue().addOperation(compound)
        #expect(await slow.waitUntilStarted())

        let cancelledAt = Date()
        compound.cancel()
        let result = await recorder.wait(seconds: 20)
        #expect(Date().timeIntervalSince(cancelledAt) < 20, "well before the 30 s of work")
        #expect(chainError(result) == .cancelled(operation: "job"))
        #expect(log.entries == ["AddOneStep", "slow"], "no work started after the cancel")
        #expect(await waitUntil { compound.isFinished && compound.operations.allSatisfy(\.isFinished) })
        #expect(chainError(slow.result) == .cancelled(operation: "slow"), "a cancelled operation hands nothing on")
    }

    @Test func cancellingAnAsynchronousMemberWhileItRunsStopsTheChain() async {
        let log = ExecutionLog()
        let waiting = AsyncSleepStep(delay: 30, log: log, name: "waiting")
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(
            operations: [AddOneStep(log: log), waiting, DoublingStep(log: log)],
            input: 1, finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        #expect(await waitUntil { waiting.isExecuting })

        waiting.cancel()
        let result = await recorder.wait(seconds: 20)
        #expect(chainError(result) == .cancelled(operation: "waiting"))
        #expect(log.entries == ["AddOneStep", "waiting"])
        #expect(await waitUntil { compound.isFinished })
    }

    @Test func cancellingAMemberThatHasNotStartedCancelsTheWholeChain() async {
        let log = ExecutionLog()
        let slow = ManualStep(log: log, name: "slow")
        let later = DoublingStep(log: log, name: "later")
        let recorder = OutcomeRecorder<String>()
        let compound = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log), slow, later, StringifyStep(log: log)],
            input: 1, finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        #expect(await slow.waitUntilStarted())

        later.cancel()
        let result = await recorder.wait(seconds: 20)
        #expect(chainError(result) == .cancelled(operation: "later"))
        #expect(slow.isCancelled, "the running member was cancelled too")
        #expect(log.entries == ["AddOneStep", "slow"])
        #expect(await waitUntil { compound.operations.allSatisfy(\.isFinished) })
    }

    @Test func cancellingAfterTheFinishChangesNothing() async throws {
        let recorder = OutcomeRecorder<String>()
        let compound = CompoundOperation<Int, String>(
            operations: [AddOneStep(), StringifyStep()], input: 1, finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        #expect(try await recorder.wait()?.get() == "2")
        #expect(await waitUntil { compound.isFinished })

        compound.cancel()
        #expect(!compound.isCancelled)
        #expect(try compound.result?.get() == "2")
        #expect(recorder.calls == 1)
    }

    @Test func cancellingAFluentChainWhileItRunsCancelsEveryOperation() async throws {
        let log = ExecutionLog()
        let slow = ManualStep(log: log, name: "slow")
        let recorder = OutcomeRecorder<String>()
        let chain = AddOneStep(input: 1, log: log, name: "start")
            .deliver(to: slow)
            .deliver(to: StringifyStep(log: log))
            .didFinish(recorder.record)
        let queue = OperationQueue()
        try chain.enqueue(on: queue)
        #expect(await slow.waitUntilStarted())

        chain.cancel()
        #expect(chainError(await recorder.wait(seconds: 20)) == .cancelled(operation: "slow"),
                "named after the first operation that had not finished")
        #expect(log.entries == ["start", "slow"])
        #expect(await waitUntil { queue.operationCount == 0 })
    }

    @Test func aFluentChainCancelledBeforeItIsEnqueuedFinishesWithoutWork() async throws {
        let log = ExecutionLog()
        let recorder = OutcomeRecorder<String>()
        let chain = AddOneStep(input: 1, log: log, name: "first")
            .deliver(to: ManualStep(log: log))
            .deliver(to: StringifyStep(log: log))
            .didFinish(recorder.record)
        chain.cancel()
        let queue = OperationQueue()
        try chain.enqueue(on: queue)
        #expect(chainError(await recorder.wait()) == .cancelled(operation: "first"))
        #expect(log.entries.isEmpty)
        #expect(await waitUntil { queue.operationCount == 0 })
    }

    @Test func cancellingAnOuterCompoundReachesTheMembersOfAnInnerOne() async {
        let log = ExecutionLog()
        let waiting = ManualStep(log: log, name: "waiting")
        let inner = CompoundOperation<Int, Int>(operations: [waiting, AddOneStep(log: log, name: "innerLater")])
        let recorder = OutcomeRecorder<String>()
        let outer = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log, name: "outerFirst"), inner, StringifyStep(log: log)],
            input: 1, finishBlock: recorder.record)
        outer.name = "outer"
        OperationQueue().addOperation(outer)
        #expect(await waiting.waitUntilStarted())

        outer.cancel()
        #expect(chainError(await recorder.wait()) == .cancelled(operation: "outer"))
        #expect(log.entries == ["outerFirst", "waiting"])
        #expect(chainError(waiting.result) == .cancelled(operation: "waiting"))
        #expect(await waitUntil { inner.operations.allSatisfy(\.isFinished) && inner.isFinished })
    }
}

/// An operation past its commit point reports what it did, and so does its chain, even when
/// the chain was cancelled meanwhile (the save of a file already renamed into place).
@Suite("Chain: a committed success survives cancellation")
struct CommittedSuccessTests {
    /// Cancels its own chain in the middle of its work, then finishes it.
    final class CommittingStep: ChainableOperation<Int, Int>, @unchecked Sendable {
        let keeps: Bool
        nonisolated(unsafe) weak var chain: Operation?
        init(keeps: Bool) { self.keeps = keeps; super.init() }
        override var keepsSuccessWhenCancelled: Bool { keeps }
        override func execute(_ input: Int) throws -> Int {
            chain?.cancel()
            return input * 10
        }
    }

    @Test("kept: the chain succeeds with the committed value; not kept: the chain is cancelled", arguments: [true, false])
    func committed(keeps: Bool) async {
        let step = CommittingStep(keeps: keeps)
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: [AddOneStep(log: ExecutionLog()), step],
                                                   input: 4, finishBlock: recorder.record)
        step.chain = compound
        OperationQueue().addOperation(compound)
        let result = await recorder.wait(seconds: 20)
        if keeps {
            #expect((try? result?.get()) == 50)
            #expect((try? step.result?.get()) == 50)
        } else {
            #expect(chainError(result) == .cancelled(operation: "CompoundOperation<Int, Int>") || chainError(result).map {
                if case .cancelled = $0 { return true } else { return false } } == true, "\(String(describing: result))")
        }
    }
}
