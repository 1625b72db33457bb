import Foundation
import OperationChain

/// Parses a decimal number.
final class ParseOperation: ChainableOperation<String, Int>, @unchecked Sendable {
    struct NotANumber: Error {}
    override func execute(_ input: String) throws -> Int {
        guard let value = Int(input) else { throw NotANumber() }
        return value
    }
}

/// Squares it.
final class SquareOperation: ChainableOperation<Int, Int>, @unchecked Sendable {
    override func execute(_ input: Int) throws -> Int { input * input }
}

/// Formats it, asynchronously (the callback form of an operation).
final class FormatOperation: AsyncChainableOperation<Int, String>, @unchecked Sendable {
    override func execute(_ input: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        DispatchQueue.global().async { completion(.success("result: \(input)")) }
    }
}

let queue = OperationQueue()
let text = try await ParseOperation(input: "12")
    .deliver(to: SquareOperation())
    .deliver(to: FormatOperation())
    .run(on: queue)
print(text)

// The first error stops the chain and names the operation that failed.
do {
    _ = try await ParseOperation(input: "twelve").deliver(to: SquareOperation()).run(on: queue)
    print("error: the chain should have failed")
    exit(1)
} catch {
    print("failed as expected: \(error)")
}
