@testable import OperationChain
import Foundation
import Testing

/// Without the check these would hang forever; the time limit turns a regression into a
/// failure, and every wait below has its own shorter limit as well.
@Suite("Chain: dependency cycles", .timeLimit(.minutes(1)))
struct DependencyCycleTests {
    /// a waits for c, c for b, b for a.
    private func threeInACircle() -> (AddOneStep, AddOneStep, AddOneStep) {
        let a = AddOneStep(input: 1, name: "a")
        let b = AddOneStep(name: "b")
        let c = AddOneStep(name: "c")
        b.addDependency(a)
        c.addDependency(b)
        a.addDependency(c)
        return (a, b, c)
    }

    @Test func aThreeOperationCycleIsFoundInDependencyOrder() throws {
        let (a, b, c) = threeInACircle()
        defer { a.removeDependency(c) }
        let cycle = try #require(DependencyGraph.findCycle(in: [a, b, c]))
        #expect(cycle.map(\.name) == ["a", "c", "b"])
        #expect(ChainError.dependencyCycle(["a", "c", "b"]).description
                == "dependency cycle (each waits for the next): a → c → b → a")
    }

    @Test func aQueueRefusesOperationsInACycleAndAddsNothing() {
        let (a, b, c) = threeInACircle()
        defer { a.removeDependency(c) }
        let queue = OperationQueue()
        #expect(throws: ChainError.dependencyCycle(["a", "c", "b"])) {
            try queue.addOperationsCheckingCycles([a, b, c])
        }
        #expect(queue.operationCount == 0)
    }

    @Test func aCycleThroughOperationsOutsideTheListIsFound() throws {
        let (a, b, c) = threeInACircle()
        defer { a.removeDependency(c) }
        let outside = DoublingStep(name: "outside")
        outside.addDependency(b)
        let cycle = try #require(DependencyGraph.findCycle(in: [outside]))
        #expect(Set(cycle.map(\.name)) == ["a", "b", "c"])
    }

    @Test func sharedDependenciesAreNotACycle() {
        let top = AddOneStep(input: 1)
        let left = AddOneStep()
        let right = AddOneStep()
        let bottom = BlockOperation {}
        left.addDependency(top)
        right.addDependency(top)
        bottom.addDependency(left)
        bottom.addDependency(right)
        #expect(DependencyGraph.findCycle(in: [bottom, left, right, top]) == nil)
        #expect(DependencyGraph.findCycle(in: []) == nil)
    }

    @Test func aLongChainIsCheckedWithoutRecursion() {
        var operations: [Operation] = [AddOneStep(input: 0)]
        for _ in 0..<10_000 {
            let next = AddOneStep()
            next.addDependency(operations[operations.count - 1])
            operations.append(next)
        }
        let last = operations[operations.count - 1]
        #expect(DependencyGraph.findCycle(in: [last]) == nil)
        operations[0].addDependency(last)
        #expect(DependencyGraph.findCycle(in: [last])?.count == 10_001)

        // Unlink, so that releasing the chain is not ten thousand nested deinits.
        for (previous, next) in zip(operations, operations.dropFirst()) { next.removeDependency(previous) }
        operations[0].removeDependency(last)
    }

    @Test func aFluentChainWithACycleIsNotEnqueued() {
        let a = AddOneStep(input: 1, name: "a")
        let b = AddOneStep(name: "b")
        let c = AddOneStep(name: "c")
        let chain = a.deliver(to: b).deliver(to: c)
        a.addDependency(c)
        let queue = OperationQueue()
        #expect(throws: ChainError.dependencyCycle(["a", "c", "b"])) {
            try chain.enqueue(on: queue)
        }
        #expect(queue.operationCount == 0)
        a.removeDependency(c)
    }

    @Test func aCompoundWithACycleReportsItInsteadOfHanging() async {
        let a = AddOneStep(name: "a")
        let b = AddOneStep(name: "b")
        let c = AddOneStep(name: "c")
        a.addDependency(c)
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: [a, b, c], input: 1, finishBlock: recorder.record)
        OperationQueue().addOperation(compound)
        #expect(chainError(await recorder.wait(seconds: 10)) == .dependencyCycle(["a", "c", "b"]))
        #expect(await waitUntil(seconds: 10) { compound.isFinished })
    }

    @Test func aMemberWaitingForItsOwnCompoundIsACycle() async {
        let a = AddOneStep(name: "a")
        let recorder = OutcomeRecorder<Int>()
        let compound = CompoundOperation<Int, Int>(operations: [a, DoublingStep()], input: 1,
                                                   finishBlock: recorder.record)
        compound.name = "outer"
        a.addDependency(compound)
        OperationQueue().addOperation(compound)
        #expect(chainError(await recorder.wait(seconds: 10)) == .dependencyCycle(["a", "outer"]))
    }
}
