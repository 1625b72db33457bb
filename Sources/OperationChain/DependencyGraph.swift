import Foundation

/// Finds dependency cycles among operations before they reach a queue.
///
/// `OperationQueue` never starts an operation that waits, through its dependencies, for
/// itself: the queue just stops making progress, silently. Checking first turns that hang into
/// ``ChainError/dependencyCycle(_:)``.
package enum DependencyGraph {
    /// A cycle reachable from `operations` through `dependencies`, or `nil` if there is none.
    ///
    /// The cycle is in dependency order: each operation waits for the next, the last for the
    /// first. Dependencies outside `operations` are followed too. Iterative depth-first search,
    /// so long chains cannot overflow the stack.
    package static func findCycle(in operations: [Operation]) -> [Operation]? {
        findCycle(in: operations, dependencies: { $0.dependencies })
    }

    /// ``findCycle(in:)`` over the edges that `dependencies` gives (each operation waits for
    /// the operations it returns).
    static func findCycle(in roots: [Operation], dependencies: (Operation) -> [Operation]) -> [Operation]? {
        enum Mark { case onPath, done }
        struct Frame {
            let operation: Operation
            let dependencies: [Operation]
            var next = 0
        }

        var marks: [ObjectIdentifier: Mark] = [:]
        for root in roots where marks[ObjectIdentifier(root)] == nil {
            var path = [Frame(operation: root, dependencies: dependencies(root))]
            marks[ObjectIdentifier(root)] = .onPath
            while !path.isEmpty {
                let top = path.count - 1
                guard path[top].next < path[top].dependencies.count else {
                    marks[ObjectIdentifier(path[top].operation)] = .done
                    path.removeLast()
                    continue
                }
                let dependency = path[top].dependencies[path[top].next]
                path[top].next += 1
                switch marks[ObjectIdentifier(dependency)] {
                case nil:
                    marks[ObjectIdentifier(dependency)] = .onPath
                    path.append(Frame(operation: dependency, dependencies: dependencies(dependency)))
                case .onPath?:
                    let start = path.firstIndex { $0.operation === dependency }!
                    return path[start...].map(\.operation)
                case .done?:
                    continue
                }
            }
        }
        return nil
    }

    /// ``findCycle(in:)`` as an error: throws ``ChainError/dependencyCycle(_:)`` naming the
    /// operations of the cycle.
    package static func checkForCycles(in operations: [Operation]) throws(ChainError) {
        if let cycle = findCycle(in: operations) {
            throw .dependencyCycle(cycle.map(\.chainDisplayName))
        }
    }
}

extension OperationQueue {
    /// Adds `operations` after checking that their dependencies form no cycle, which would
    /// hang the queue; throws ``ChainError/dependencyCycle(_:)`` and adds nothing if they do.
    /// Does not wait for them.
    public func addOperationsCheckingCycles(_ operations: [Operation]) throws(ChainError) {
        try DependencyGraph.checkForCycles(in: operations)
        addOperations(operations, waitUntilFinished: false)
    }
}
