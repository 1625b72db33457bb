@testable import OperationChain
import Foundation
import Testing

@Suite("Chain: queues, load and async/await", .timeLimit(.minutes(1)))
struct ChainQueueTests {
    /// Synchronous work holds a thread of the machine's small shared pool, so whether two of
    /// them overlap depends on what else runs; never more than two is what must hold.
    @Test func maxConcurrentOperationCountIsHonoured() async throws {
        let gauge = ConcurrencyGauge()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        let operations = (0..<10).map { SlowStep(input: $0, duration: 0.05, gauge: gauge) }
        try queue.addOperationsCheckingCycles(operations)
        #expect(await waitUntil { operations.allSatisfy(\.isFinished) })
        #expect((1...2).contains(gauge.maximum))
        for (index, operation) in operations.enumerated() {
            #expect(try operation.result?.get() == index)
        }
    }

    /// Asynchronous work holds no thread, so the limit is reached however busy the machine is.
    @Test func asynchronousOperationsHoldTheirSlotUntilTheyComplete() async throws {
        let gauge = ConcurrencyGauge()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 3
        let operations = (0..<12).map { AsyncSleepStep(input: $0, delay: 0.2, gauge: gauge) }
        try queue.addOperationsCheckingCycles(operations)
        #expect(await waitUntil { operations.allSatisfy(\.isFinished) })
        #expect(gauge.maximum == 3)
        for (index, operation) in operations.enumerated() {
            #expect(try operation.result?.get() == index + 1)
        }
    }

    @Test func aThousandSmallChainsOnOneQueueAllFinish() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 8
        let recorders = (0..<1_000).map { _ in OutcomeRecorder<String>() }
        for (index, recorder) in recorders.enumerated() {
            if index.isMultiple(of: 10) {
                queue.addOperation(CompoundOperation<Int, String>(
                    operations: [AddOneStep(), DoublingStep(), StringifyStep()], input: index,
                    finishBlock: recorder.record))
            } else {
                try AddOneStep(input: index).deliver(to: DoublingStep()).deliver(to: StringifyStep())
                    .didFinish(recorder.record)
                    .enqueue(on: queue)
            }
        }
        for (index, recorder) in recorders.enumerated() {
            #expect(try await recorder.wait(seconds: 30)?.get() == String((index + 1) * 2))
        }
        #expect(await waitUntil { queue.operationCount == 0 })
        #expect(recorders.allSatisfy { $0.calls == 1 })
    }

    @Test func awaitingAChainReturnsItsOutput() async throws {
        let output = try await AddOneStep(input: 20).deliver(to: DoublingStep()).deliver(to: StringifyStep())
            .run(on: OperationQueue())
        #expect(output == "42")
    }

    @Test func awaitingAChainThrowsItsError() async {
        do {
            _ = try await AddOneStep(input: 1).deliver(to: FailingStep(name: "refuser")).run(on: OperationQueue())
            Issue.record("the chain should have thrown")
        } catch let ChainError.operationFailed(operation, underlying) {
            #expect(operation == "refuser")
            #expect(underlying as? StepFailure == StepFailure(message: "refuser refused 2"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func awaitingACompoundValue() async throws {
        let compound = CompoundOperation<Int, String>(operations: [AddOneStep(), StringifyStep()], input: 9)
        OperationQueue().addOperation(compound)
        #expect(try await compound.value == "10")
        #expect(try await compound.value == "10", "a finished operation answers at once")

        let failing = CompoundOperation<Int, Int>(operations: [FailingStep(name: "no")], input: 1)
        OperationQueue().addOperation(failing)
        await #expect(throws: ChainError.operationFailed(operation: "no", underlying: StepFailure(message: "no refused 1"))) {
            try await failing.value
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsTheChain() async {
        let log = ExecutionLog()
        let slow = ManualStep(log: log, name: "slow")
        let chain = AddOneStep(input: 1, log: log).deliver(to: slow).deliver(to: StringifyStep(log: log))
        let task = Task { try await chain.run(on: OperationQueue()) }
        #expect(await slow.waitUntilStarted())
        task.cancel()
        let outcome = await task.result
        #expect(chainError(outcome) == .cancelled(operation: "slow"))
        #expect(log.entries == ["AddOneStep", "slow"])
    }

    @Test func aTaskCancelledBeforeItRunsTheChainRunsNothing() async {
        let log = ExecutionLog()
        let chain = AddOneStep(input: 1, log: log).deliver(to: StringifyStep(log: log))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await chain.run(on: OperationQueue())
        }
        #expect(chainError(await task.result) == .cancelled(operation: "AddOneStep"))
        #expect(log.entries.isEmpty)
    }

    @Test func runningASingleOperationWithAwait() async throws {
        #expect(try await AsyncSleepStep(input: 1, delay: 0.01).run(on: OperationQueue()) == 2)
    }
}

@Suite("Chain: lifetimes", .timeLimit(.minutes(1)))
struct ChainLifetimeTests {
    @Test func finishedChainsAndTheirOutputsAreFreed() async throws {
        weak var compound: CompoundOperation<Int, Int>?
        weak var maker: MakePayloadStep?
        weak var reader: ReadPayloadStep?
        weak var payload: Payload?
        weak var queue: OperationQueue?
        do {
            let strongMaker = MakePayloadStep()
            let strongReader = ReadPayloadStep()
            let strongCompound = CompoundOperation<Int, Int>(operations: [strongMaker, strongReader], input: 5)
            let strongQueue = OperationQueue()
            #expect(try await strongCompound.run(on: strongQueue) == 5)
            guard case .success(let made)? = strongMaker.result else {
                Issue.record("the payload was not made")
                return
            }
            (compound, maker, reader, payload, queue) = (strongCompound, strongMaker, strongReader, made, strongQueue)
        }
        #expect(await waitUntil(seconds: 5) { compound == nil && maker == nil && reader == nil && payload == nil })
        #expect(await waitUntil(seconds: 5) { queue == nil })
    }

    @Test func finishedFluentChainsAreFreed() async throws {
        weak var first: AddOneStep?
        weak var last: ReadPayloadStep?
        weak var payload: Payload?
        do {
            let strongFirst = AddOneStep(input: 1)
            let strongMaker = MakePayloadStep()
            let strongLast = ReadPayloadStep()
            let recorder = OutcomeRecorder<Int>()
            try strongFirst.deliver(to: strongMaker).deliver(to: strongLast).didFinish(recorder.record)
                .enqueue(on: OperationQueue())
            #expect(try await recorder.wait()?.get() == 2)
            guard case .success(let made)? = strongMaker.result else {
                Issue.record("the payload was not made")
                return
            }
            (first, last, payload) = (strongFirst, strongLast, made)
        }
        #expect(await waitUntil(seconds: 5) { first == nil && last == nil && payload == nil })
    }

    @Test func cancelledAndFailedChainsAreFreed() async throws {
        weak var cancelled: CompoundOperation<Int, Int>?
        weak var failed: CompoundOperation<Int, Int>?
        do {
            let slow = ManualStep()
            let strongCancelled = CompoundOperation<Int, Int>(operations: [slow, AddOneStep()], input: 1)
            let strongFailed = CompoundOperation<Int, Int>(operations: [FailingStep(), AddOneStep()], input: 1)
            let queue = OperationQueue()
            try queue.addOperationsCheckingCycles([strongCancelled, strongFailed])
            #expect(await slow.waitUntilStarted())
            strongCancelled.cancel()
            #expect(await waitUntil { strongCancelled.isFinished && strongFailed.isFinished })
            (cancelled, failed) = (strongCancelled, strongFailed)
        }
        #expect(await waitUntil(seconds: 5) { cancelled == nil && failed == nil })
    }
}
