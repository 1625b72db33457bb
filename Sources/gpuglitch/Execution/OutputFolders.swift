/// Creates the output folders the plan needs (each once), before the batch starts. An
/// input whose folder cannot be made fails with the reason; the others go on.
enum OutputFolders {
    static func create(for plan: [PlannedInput]) -> [PlannedInput] {
        var made: [String: String?] = [:]
        return plan.map { input in
            guard case .process(let item) = input.action,
                  let slash = item.output.lastIndex(of: "/") else { return input }
            let folder = String(item.output[..<slash])
            if folder.isEmpty { return input }
            let problem: String?
            if let known = made[folder] {
                problem = known
            } else {
                problem = FileSystem.createFolders(folder)
                made[folder] = problem
            }
            guard let problem else { return input }
            var failed = input
            failed.action = .fail(message: "\(input.name): \(problem)")
            return failed
        }
    }
}
