import Foundation

extension Operation {
    /// The name chain errors use for this operation: its `name`, or its type name when the
    /// name was cleared. Chainable operations start with their type name as `name`.
    var chainDisplayName: String {
        name ?? String(describing: type(of: self))
    }
}
