import Foundation

/// A ``ChainableOperation`` whose work ends in a callback: a download, an OpenCL event, any
/// work that runs elsewhere.
///
/// Subclass it and override ``execute(_:completion:)``; call `completion` exactly once, from
/// any thread. Later calls are ignored. The operation counts as executing (and holds its
/// queue slot) until then.
///
/// ```swift
/// final class DelayedAddOne: AsyncChainableOperation<Int, Int>, @unchecked Sendable {
///     override func execute(_ input: Int, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
///         DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { completion(.success(input + 1)) }
///     }
/// }
/// ```
///
/// Cancelling the operation while its work runs does not end it at once: it reports
/// ``ChainError/cancelled(operation:)`` when `completion` is called, whatever it is called
/// with. To stop the work early, register how with ``AnyChainableOperation/whenCancelled(_:)``
/// from `execute(_:completion:)`; the stopped work then calls `completion` as usual:
///
/// ```swift
/// override func execute(_ input: URL, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
///     let task = session.dataTask(with: input) { data, _, error in
///         completion(data.map { .success($0) } ?? .failure(error ?? URLError(.unknown)))
///     }
///     whenCancelled { task.cancel() }
///     task.resume()
/// }
/// ```
// @unchecked Sendable: restated from Operation; no stored properties of its own.
open class AsyncChainableOperation<Input, Output>: ChainableOperation<Input, Output>, @unchecked Sendable {
    open override var isAsynchronous: Bool { true }

    /// The operation's work: produce the output for `input` and pass it to `completion`.
    open func execute(_ input: Input, completion: @escaping @Sendable (Result<Output, any Error>) -> Void) {
        preconditionFailure("\(chainDisplayName) must override execute(_:completion:)")
    }

    /// Not used by asynchronous operations: override ``execute(_:completion:)`` instead.
    public final override func execute(_ input: Input) throws -> Output {
        preconditionFailure("\(chainDisplayName) is asynchronous: it runs execute(_:completion:)")
    }

    override func perform(_ input: Input) {
        let name = chainDisplayName
        execute(input) { [self] result in
            switch result {
            case .success(let output):
                complete(with: .success(output))
            case .failure(let error):
                complete(with: .failure(.wrapping(error, from: name)))
            }
        }
    }
}
