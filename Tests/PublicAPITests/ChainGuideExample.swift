import Foundation
import GPUOps

// The code block of docs/CHAIN.md, copied verbatim between the `// doc:` lines
// (`DocExampleTests` checks that they agree and runs it), with `import GPUOps` only.

// doc: CHAIN.md, block 1
enum ExampleError: Error {
    case notANumber(String)
}

/// Synchronous work: override `execute(_:)`, return or throw.
final class ParseNumber: ChainableOperation<String, Int>, @unchecked Sendable {
    override func execute(_ input: String) throws -> Int {
        guard let number = Int(input) else { throw ExampleError.notANumber(input) }
        return number
    }
}

final class Square: ChainableOperation<Int, Int>, @unchecked Sendable {
    override func execute(_ input: Int) throws -> Int { input * input }
}

/// Work that ends in a callback: override `execute(_:completion:)`.
final class DelayedIncrement: AsyncChainableOperation<Int, Int>, @unchecked Sendable {
    override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        // Cancelled while waiting: stop at once. Only the first call of completion counts.
        whenCancelled { completion(.failure(CancellationError())) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
            completion(.success(input + 1))
        }
    }
}

final class Describe: ChainableOperation<Int, String>, @unchecked Sendable {
    override func execute(_ input: Int) throws -> String { "result \(input)" }
}

func runChainExamples() async throws -> [String] {
    let queue = OperationQueue()
    var lines: [String] = []

    // 1. A fluent chain: the compiler checks that each output fits the next input.
    let fluent = try await ParseNumber(input: "6")
        .deliver(to: Square())
        .deliver(to: DelayedIncrement())
        .deliver(to: Describe())
        .run(on: queue)
    lines.append(fluent)                                   // "result 37"

    // 2. A list, checked before anything runs; the compound is an Operation itself.
    let compound = CompoundOperation<String, String>(
        operations: [ParseNumber(), Square(), Describe()], input: "3")
    queue.addOperation(compound)
    lines.append(try await compound.value)                 // "result 9"

    // A list that does not fit is an error naming both operations and both types.
    let mismatched = CompoundOperation<String, String>(operations: [ParseNumber(), Describe(), Square()])
    lines.append(mismatched.validationError!.description)  // "Describe produces String but Square expects Int"

    // 3. The first failure stops the chain and names the operation that failed.
    do {
        _ = try await ParseNumber(input: "six").deliver(to: Square()).run(on: queue)
    } catch let error as ChainError {
        lines.append(error.description)                    // "ParseNumber failed: notANumber(\"six\")"
    }

    // 4. A recipe builds fresh operations for every run; each run is one operation
    //    that can also be a member of another chain.
    let squarePlusOne = ChainRecipe<Int, Int>(name: "SquarePlusOne") {
        Square().deliver(to: DelayedIncrement())
    }
    lines.append(String(try await squarePlusOne.run(2, on: queue)))       // "5"
    let nested = try await ParseNumber(input: "4")
        .deliver(to: squarePlusOne.makeOperation())
        .deliver(to: Describe())
        .run(on: queue)
    lines.append(nested)                                   // "result 17"
    return lines
}
// doc: end
