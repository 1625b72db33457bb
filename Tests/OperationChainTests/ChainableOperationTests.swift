@testable import OperationChain
import Foundation
import Testing

@Suite("Chain: single operations and hand-over through dependencies", .timeLimit(.minutes(1)))
struct ChainableOperationTests {
    @Test func operationNameDefaultsToItsTypeName() {
        #expect(AddOneStep().name == "AddOneStep")
        #expect(CompoundOperation<Int, String>(operations: []).name == "CompoundOperation<Int, String>")
    }

    @Test func exposesItsTypes() {
        let stringify = StringifyStep()
        #expect(ObjectIdentifier(stringify.inputType) == ObjectIdentifier(Int.self))
        #expect(ObjectIdentifier(stringify.outputType) == ObjectIdentifier(String.self))
        #expect(stringify.accepts(Int.self))
        #expect(!stringify.accepts(String.self))
    }

    @Test func startedByHandItRunsAndFinishes() throws {
        let operation = AddOneStep(input: 41)
        operation.start()
        #expect(operation.isFinished)
        #expect(!operation.isExecuting)
        #expect(try operation.result?.get() == 42)
        #expect(try operation.outputResult?.get() as? Int == 42)
        #expect(operation.input == nil, "the operation lets go of its input once taken")
    }

    @Test func aSecondStartIsIgnored() throws {
        let log = ExecutionLog()
        let operation = AddOneStep(input: 1, log: log)
        operation.start()
        operation.start()
        #expect(log.entries == ["AddOneStep"])
        #expect(try operation.result?.get() == 2)
    }

    @Test func plainDependenciesHandOverOutputsAndOrderTheWork() async throws {
        let log = ExecutionLog()
        let first = AddOneStep(input: 1, log: log, name: "first")
        let second = DoublingStep(log: log, name: "second")
        let third = AddOneStep(log: log, name: "third")
        let last = StringifyStep(log: log)
        second.addDependency(first)
        third.addDependency(second)
        last.addDependency(third)

        let queue = OperationQueue()
        for operation in [last, third, second, first] { queue.addOperation(operation) }
        #expect(await waitUntil { last.isFinished })
        #expect(log.entries == ["first", "second", "third", "StringifyStep"])
        #expect(try last.result?.get() == "5")
    }

    @Test func onlyTheDependencyOfTheInputTypeIsTaken() throws {
        let number = AddOneStep(input: 6)
        let text = StringifyStep(input: 100)
        let doubling = DoublingStep()
        doubling.addDependency(text)
        doubling.addDependency(number)
        text.start()
        number.start()
        doubling.start()
        #expect(try doubling.result?.get() == 14)
    }

    @Test func anOperationOfYourOwnCanFeedAChain() throws {
        let producer = ConstantProducer(20)
        let doubling = DoublingStep()
        doubling.addDependency(producer)
        producer.start()
        doubling.start()
        #expect(try doubling.result?.get() == 40)
    }

    @Test func givenInputWinsOverDependencies() throws {
        let upstream = AddOneStep(input: 1)
        let doubling = DoublingStep(input: 10)
        doubling.addDependency(upstream)
        upstream.start()
        doubling.start()
        #expect(try doubling.result?.get() == 20)
    }

    @Test func aFailureBehindABlockOperationAdapterIsPassedOn() {
        let failing = FailingStep(name: "first")
        failing.input = 3
        let adapter = BlockOperation {}
        adapter.addDependency(failing)
        let doubling = DoublingStep()
        doubling.addDependency(adapter)
        let queue = OperationQueue()
        queue.addOperations([failing, adapter, doubling], waitUntilFinished: true)
        // Not "DoublingStep has no input": the upstream failure, naming the operation that failed.
        guard case .operationFailed(let name, let underlying)? = chainError(doubling.result) else {
            Issue.record("expected the upstream failure, got \(String(describing: doubling.result))")
            return
        }
        #expect(name == "first")
        #expect(underlying as? StepFailure == StepFailure(message: "first refused 3"))
    }

    @Test func noInputIsAnError() {
        let doubling = DoublingStep()
        doubling.start()
        #expect(chainError(doubling.result) == .missingInput(operation: "DoublingStep", input: "Int"))
        #expect(chainError(doubling.result)?.description
                == "DoublingStep has no input: give it an Int or add exactly one dependency that produces Int")
    }

    @Test func twoProducersOfTheInputTypeAreAmbiguous() {
        let left = AddOneStep(input: 1, name: "left")
        let right = AddOneStep(input: 2, name: "right")
        let doubling = DoublingStep()
        doubling.addDependency(left)
        doubling.addDependency(right)
        left.start()
        right.start()
        doubling.start()
        #expect(chainError(doubling.result)
                == .ambiguousInput(operation: "DoublingStep", input: "Int", candidates: ["left", "right"]))
    }

    @Test func startingBeforeADependencyFinishedIsAnError() {
        let upstream = AddOneStep(input: 1, name: "upstream")
        let doubling = DoublingStep()
        doubling.addDependency(upstream)
        doubling.start()
        #expect(chainError(doubling.result)
                == .dependencyNotFinished(operation: "DoublingStep", dependency: "upstream"))
    }

    @Test func voidInputNeedsNoSource() throws {
        final class Answer: ChainableOperation<Void, Int>, @unchecked Sendable {
            override func execute(_ input: Void) throws -> Int { 42 }
        }
        let answer = Answer()
        answer.start()
        #expect(try answer.result?.get() == 42)
    }

    @Test func aThrownErrorIsWrappedOnceNamingTheOperation() {
        let failing = FailingStep(name: "refuser")
        failing.input = 3
        failing.start()
        guard case .operationFailed(let operation, let underlying)? = chainError(failing.result) else {
            Issue.record("expected operationFailed, got \(String(describing: failing.result))")
            return
        }
        #expect(operation == "refuser")
        #expect(underlying as? StepFailure == StepFailure(message: "refuser refused 3"))
        #expect(chainError(failing.result)?.description == "refuser failed: refuser refused 3")
        #expect(chainError(failing.result)?.localizedDescription == "refuser failed: refuser refused 3")
    }

    @Test func anUpstreamFailureIsHandedOnUnchanged() {
        let log = ExecutionLog()
        let failing = FailingStep(log: log, name: "origin")
        failing.input = 1
        let doubling = DoublingStep(log: log)
        let stringify = StringifyStep(log: log)
        doubling.addDependency(failing)
        stringify.addDependency(doubling)
        failing.start()
        doubling.start()
        stringify.start()
        #expect(log.entries == ["origin"])
        guard case .operationFailed(let operation, _)? = chainError(stringify.result) else {
            Issue.record("expected operationFailed, got \(String(describing: stringify.result))")
            return
        }
        #expect(operation == "origin")
    }

    @Test func aCancelledPlainDependencyStopsTheOperation() {
        let gate = BlockOperation {}
        gate.name = "gate"
        let doubling = DoublingStep(input: 1)
        doubling.addDependency(gate)
        gate.cancel()
        gate.start()
        doubling.start()
        #expect(chainError(doubling.result) == .cancelled(operation: "gate"))
    }

    @Test func finishBlockGetsTheTypedResultBeforeTheOperationFinishes() async throws {
        let recorder = OutcomeRecorder<Int>()
        let sawFinished = ExecutionLog()
        let operation = AddOneStep(input: 1)
        operation.finishBlock = { [unowned operation] result in
            sawFinished.record(operation.isFinished ? "finished" : "not finished")
            recorder.record(result)
        }
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        #expect(recorder.calls == 1, "the block ran before the operation reported isFinished")
        #expect(try recorder.current?.get() == 2)
        #expect(sawFinished.entries == ["not finished"])
    }
}

@Suite("Chain: asynchronous operations", .timeLimit(.minutes(1)))
struct AsyncChainableOperationTests {
    @Test func completesFromAnotherThread() async throws {
        let operation = AsyncSleepStep(input: 1, delay: 0.01)
        #expect(operation.isAsynchronous)
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        #expect(try operation.result?.get() == 2)
        #expect(!operation.isExecuting)
    }

    @Test func isExecutingUntilTheCompletionIsCalled() async throws {
        let operation = ManualStep(input: 1)
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await operation.waitUntilStarted())
        #expect(operation.isExecuting)
        #expect(!operation.isFinished)
        #expect(operation.result == nil)
        operation.release()
        #expect(await waitUntil { operation.isFinished })
        #expect(!operation.isExecuting)
        #expect(try operation.result?.get() == 2)
        #expect(await waitUntil { queue.operationCount == 0 })
    }

    @Test func whenCancelledRunsOnceWhetherRegisteredBeforeOrAfterTheCancel() async {
        let calls = ExecutionLog()
        let early = AddOneStep(input: 1)
        early.whenCancelled { calls.record("registered before") }
        early.cancel()
        early.cancel()
        let late = AddOneStep(input: 1)
        late.cancel()
        late.whenCancelled { calls.record("registered after") }
        #expect(calls.entries == ["registered before", "registered after"])

        let running = ManualStep(input: 1)
        OperationQueue().addOperation(running)
        #expect(await running.waitUntilStarted())
        running.cancel()
        #expect(await waitUntil { running.isFinished }, "its own handler stopped the work")
        running.whenCancelled { calls.record("finished") }
        #expect(calls.entries == ["registered before", "registered after"], "dropped once finished")
        #expect(chainError(running.result) == .cancelled(operation: "ManualStep"))
    }

    @Test func aSecondCompletionIsIgnored() async throws {
        let recorder = OutcomeRecorder<Int>()
        let operation = DoubleCompletionStep(input: 5)
        operation.finishBlock = recorder.record
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        #expect(operation.secondCompletionReturned.wait(timeout: .now() + 30) == .success)
        #expect(try operation.result?.get() == 5)
        #expect(recorder.calls == 1)
    }

    @Test func anAsynchronousFailureNamesTheOperation() async {
        let operation = AsyncFailingStep(input: 2)
        let queue = OperationQueue()
        queue.addOperation(operation)
        #expect(await waitUntil { operation.isFinished })
        guard case .operationFailed(let name, let underlying)? = chainError(operation.result) else {
            Issue.record("expected operationFailed, got \(String(describing: operation.result))")
            return
        }
        #expect(name == "AsyncFailingStep")
        #expect(underlying as? StepFailure == StepFailure(message: "async refused 2"))
    }
}
