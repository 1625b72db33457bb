import Foundation

/// A chain that can run any number of times: it builds fresh operations for every run.
///
/// Foundation operations run once, so a reusable chain is a recipe, not a set of operations.
/// Each ``makeOperation(input:finishBlock:)`` builds the operations anew and packages them as
/// one ``CompoundOperation``, which can run on its own or be a member of another chain.
///
/// ```swift
/// let addThenDouble = ChainRecipe(name: "AddThenDouble") {
///     AddOne().deliver(to: Doubling())
/// }
/// let four = try await addThenDouble.run(1, on: queue)
/// let six = try await addThenDouble.run(2, on: queue)
/// ```
public struct ChainRecipe<Input, Output>: Sendable {
    /// The name given to every compound operation the recipe makes (and so used in errors).
    public let name: String
    private let makeCompound: @Sendable (Input?, (@Sendable (Result<Output, any Error>) -> Void)?) -> CompoundOperation<Input, Output>

    /// A recipe from a fluent chain, type-checked by the compiler. `build` must return new
    /// operations every time it is called.
    public init(name: String, chain build: @escaping @Sendable () -> OperationChain<Input, Output>) {
        self.name = name
        makeCompound = { input, finishBlock in
            CompoundOperation(chain: build(), input: input, finishBlock: finishBlock)
        }
    }

    /// A recipe from a list of operations, whose types are checked when each compound starts
    /// (see ``CompoundOperation/validationError``). `build` must return new operations every
    /// time it is called.
    public init(name: String, operations build: @escaping @Sendable () -> [AnyChainableOperation]) {
        self.name = name
        makeCompound = { input, finishBlock in
            CompoundOperation(operations: build(), input: input, finishBlock: finishBlock)
        }
    }

    /// A new operation running fresh operations of the recipe, named ``name``.
    ///
    /// - Parameters:
    ///   - input: the chain's input; when `nil`, it comes from a previous operation or a
    ///     dependency, as for any chainable operation.
    ///   - finishBlock: called once with the outcome, before the operation reports `isFinished`.
    public func makeOperation(input: Input? = nil,
                              finishBlock: (@Sendable (Result<Output, any Error>) -> Void)? = nil) -> CompoundOperation<Input, Output> {
        let operation = makeCompound(input, finishBlock)
        operation.name = name
        return operation
    }

    /// Runs the recipe once on `queue` with `input`, and returns the output or throws a
    /// ``ChainError``. Cancelling the calling task cancels the run.
    public func run(_ input: Input, on queue: OperationQueue) async throws -> Output where Output: Sendable {
        try await makeOperation(input: input).run(on: queue)
    }
}
