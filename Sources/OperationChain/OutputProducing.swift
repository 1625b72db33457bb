import Foundation

/// An operation whose result can be handed to the operations that depend on it.
///
/// A ``ChainableOperation`` with no input of its own looks through its `dependencies` for
/// exactly one `OutputProducing` operation whose ``outputType`` it accepts, and takes that
/// operation's output. Every chainable operation conforms; an `Operation` of your own can
/// conform too, to feed a chain.
public protocol OutputProducing: AnyObject {
    /// The type of the values this operation produces.
    var outputType: Any.Type { get }

    /// The outcome once the operation has finished, `nil` before. A failure here stops every
    /// chainable operation that depends on this one.
    var outputResult: Result<Any, any Error>? { get }
}
