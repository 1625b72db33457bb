@testable import OperationChain
import Foundation
import Testing

@Suite("Chain: compound operations", .timeLimit(.minutes(1)))
struct CompoundOperationTests {
    @Test func runsItsOperationsInOrderAndReportsTheLastOutput() async throws {
        let log = ExecutionLog()
        let recorder = OutcomeRecorder<String>()
        let compound = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log), DoublingStep(log: log), StringifyStep(log: log)],
            input: 1, finishBlock: recorder.record)
        #expect(compound.validationError == nil)
        OperationQueue().addOperation(compound)
        let result = await recorder.wait()
        #expect(try result?.get() == "4")
        #expect(try compound.result?.get() == "4")
        #expect(log.entries == ["AddOneStep", "DoublingStep", "StringifyStep"])
        #expect(await waitUntil { compound.isFinished && compound.operations.allSatisfy(\.isFinished) })
    }

    @Test func finishesOnlyAfterEveryMember() async throws {
        let compound = CompoundOperation<Int, Int>(
            operations: [AddOneStep(), AsyncSleepStep(delay: 0.05), DoublingStep()], input: 1)
        let queue = OperationQueue()
        queue.addOperation(compound)
        #expect(await waitUntil { compound.isFinished })
        #expect(try compound.result?.get() == 6)
        for member in compound.operations {
            #expect(member.outputResult != nil, "\(member.name!) had finished its work when the compound finished")
        }
    }

    @Test func aTypeMismatchNamesBothOperationsAndBothTypesAndRunsNothing() async {
        let log = ExecutionLog()
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(
            operations: [AddOneStep(log: log), StringifyStep(log: log), DoublingStep(log: log)],
            input: 1, finishBlock: recorder.record)
        let expected = ChainError.typeMismatch(producer: "StringifyStep", output: "String",
                                               consumer: "DoublingStep", input: "Int")
        #expect(compound.validationError == expected)
        OperationQueue().addOperation(compound)
        let result = await recorder.wait()
        #expect(chainError(result) == expected)
        #expect(chainError(result)?.description == "StringifyStep produces String but DoublingStep expects Int")
        #expect(log.entries.isEmpty)
        #expect(compound.operations.allSatisfy { !$0.isFinished && !$0.isExecuting })
    }

    @Test func theCompoundInputAndOutputTypesAreCheckedToo() {
        let wrongInput = CompoundOperation<String, Int>(operations: [AddOneStep()])
        wrongInput.name = "wrongInput"
        #expect(wrongInput.validationError == .typeMismatch(producer: "the input of wrongInput", output: "String",
                                                            consumer: "AddOneStep", input: "Int"))
        let wrongOutput = CompoundOperation<Int, String>(operations: [AddOneStep()])
        wrongOutput.name = "wrongOutput"
        #expect(wrongOutput.validationError == .typeMismatch(producer: "AddOneStep", output: "Int",
                                                             consumer: "the output of wrongOutput", input: "String"))
    }

    @Test func anEmptyListIsAnError() async {
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: [], input: 1, finishBlock: recorder.record)
        compound.name = "nothing"
        OperationQueue().addOperation(compound)
        #expect(chainError(await recorder.wait()) == .emptyChain(operation: "nothing"))
    }

    @Test(arguments: [0, 1, 2])
    func theFirstErrorStopsTheRestAndNamesTheFailingOperation(failingIndex: Int) async {
        let log = ExecutionLog()
        let members: [AnyChainableOperation] = (0..<3).map { index in
            index == failingIndex
                ? FailingStep(log: log, name: "step\(index)")
                : AddOneStep(log: log, name: "step\(index)")
        }
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: members, input: 10, finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        let result = await recorder.wait()

        #expect(log.entries == (0...failingIndex).map { "step\($0)" }, "later operations never ran their work")
        guard case .operationFailed(let operation, let underlying)? = chainError(result) else {
            Issue.record("expected operationFailed, got \(String(describing: result))")
            return
        }
        #expect(operation == "step\(failingIndex)")
        #expect(underlying as? StepFailure == StepFailure(message: "step\(failingIndex) refused \(10 + failingIndex)"))
        #expect(await waitUntil { compound.operations.allSatisfy(\.isFinished) })
        for member in members.dropFirst(failingIndex) {
            #expect(chainError(member.outputResult) == chainError(result), "\(member.name!) hands the first error on")
        }
    }

    @Test func aNestedCompoundKeepsTheNameOfTheOperationThatFailed() async {
        let log = ExecutionLog()
        let inner = CompoundOperation<Int, Int>(operations: [AddOneStep(log: log), FailingStep(log: log, name: "deep")])
        inner.name = "inner"
        let recorder = OutcomeRecorder<String>()
        let outer = CompoundOperation<Int, String>(
            operations: [AddOneStep(log: log, name: "before"), inner, StringifyStep(log: log)],
            input: 0, finishBlock: recorder.record)
        OperationQueue().addOperation(outer)
        let result = await recorder.wait()
        guard case .operationFailed(let operation, _)? = chainError(result) else {
            Issue.record("expected operationFailed, got \(String(describing: result))")
            return
        }
        #expect(operation == "deep")
        #expect(log.entries == ["before", "AddOneStep", "deep"])
    }

    @Test func aCompoundIsAChainableOperationThatTakesItsInputFromAPreviousOne() async throws {
        let inner = CompoundOperation<Int, Int>(operations: [AddOneStep(), DoublingStep()])
        let result = try await AddOneStep(input: 1).deliver(to: inner).deliver(to: StringifyStep())
            .run(on: OperationQueue())
        #expect(result == "6")
    }

    @Test func operationsThatAlreadyRanAreRejected() async {
        let used = AddOneStep(input: 1)
        used.start()
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: [used, DoublingStep()], input: 1,
                                                   finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        #expect(chainError(await recorder.wait()) == .operationReused(operation: "AddOneStep"))
    }

    @Test func asynchronousMembersHandOverToo() async throws {
        let compound = CompoundOperation<Int, String>(
            operations: [AsyncSleepStep(delay: 0.01), AddOneStep(), AsyncSleepStep(delay: 0.01), StringifyStep()],
            input: 0)
        #expect(try await compound.run(on: OperationQueue()) == "3")
    }
}

@Suite("Chain: reusable recipes", .timeLimit(.minutes(1)))
struct ChainRecipeTests {
    @Test func aRecipeRunsTwiceWithFreshOperations() async throws {
        let recipe = ChainRecipe<Int, String>(name: "AddDoubleStringify") {
            AddOneStep().deliver(to: DoublingStep()).deliver(to: StringifyStep())
        }
        let queue = OperationQueue()
        #expect(try await recipe.run(1, on: queue) == "4")
        #expect(try await recipe.run(2, on: queue) == "6")

        let first = recipe.makeOperation(input: 1)
        let second = recipe.makeOperation(input: 1)
        #expect(first.name == "AddDoubleStringify")
        #expect(first.operations.count == 3)
        #expect(first.operations[0] !== second.operations[0])
    }

    @Test func aRecipeFromAListIsCheckedWhenItRuns() async throws {
        let good = ChainRecipe<Int, Int>(name: "good") { [AddOneStep(), DoublingStep()] }
        #expect(try await good.run(3, on: OperationQueue()) == 8)

        let bad = ChainRecipe<Int, Int>(name: "bad") { [StringifyStep(), AddOneStep()] }
        await #expect(throws: ChainError.typeMismatch(producer: "StringifyStep", output: "String",
                                                      consumer: "AddOneStep", input: "Int")) {
            try await bad.run(3, on: OperationQueue())
        }
    }

    @Test func aRecipeOperationIsAMemberOfAnotherChain() async throws {
        let recipe = ChainRecipe<Int, Int>(name: "twice") { AddOneStep().deliver(to: DoublingStep()) }
        let queue = OperationQueue()
        let first = try await AddOneStep(input: 1).deliver(to: recipe.makeOperation()).deliver(to: StringifyStep())
            .run(on: queue)
        let second = try await AddOneStep(input: 4).deliver(to: recipe.makeOperation()).deliver(to: StringifyStep())
            .run(on: queue)
        #expect(first == "6")
        #expect(second == "12")
    }

    @Test func theFinishBlockOfEachRunGetsItsOwnResult() async throws {
        let recipe = ChainRecipe<Int, Int>(name: "plusOne") { OperationChain(AddOneStep()) }
        let one = OutcomeRecorder<Int>()
        let two = OutcomeRecorder<Int>()
        let queue = OperationQueue()
        queue.addOperation(recipe.makeOperation(input: 10, finishBlock: one.record))
        queue.addOperation(recipe.makeOperation(input: 20, finishBlock: two.record))
        #expect(try await one.wait()?.get() == 11)
        #expect(try await two.wait()?.get() == 21)
    }
}
