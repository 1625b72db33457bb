@testable import OperationChain
import Foundation
import Testing

/// Chains that are cancelled, finish and are freed while their members are still announcing
/// their own finish. Foundation on Linux walks an operation's dependents through unretained
/// pointers when it finishes, so a dependent freed too early would be a dangling pointer;
/// chainable operations hold their dependents until they have finished. A CI run once crashed
/// inside Foundation's finish handling of a cancelled member; these loops hammer that path.
@Suite(.timeLimit(.minutes(1)))
struct ChainLifetimeStressTests {
    @Test func cancelledCompoundsFreedAsSoonAsTheyFinishNeverCrash() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        for round in 0..<2_000 {
            let compound = CompoundOperation<Int, Int>(operations: (0..<4).map { _ in AddOneStep() }, input: round)
            if round % 2 == 0 { compound.cancel() }
            queue.addOperation(compound)
            if round % 3 == 0 { compound.cancel() }
        }
        queue.waitUntilAllOperationsAreFinished()
        #expect(queue.operationCount == 0)
    }

    @Test func cancelledFluentChainsDroppedAtOnceNeverCrash() throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 3
        for round in 0..<2_000 {
            let chain = AddOneStep(input: round).deliver(to: DoublingStep()).deliver(to: AddOneStep())
            try chain.enqueue(on: queue)
            chain.cancel()
        }
        queue.waitUntilAllOperationsAreFinished()
        #expect(queue.operationCount == 0)
    }
}
