import GPUOps
import ArgumentParser

/// `gpuglitch report merge OUT SHARD...`: one report from the reports of the shards of a batch
/// (`--shard K/N` or `auto`), as if one run had done them all.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with JSON and JSON Lines reports.",
        subcommands: [Merge.self]
    )

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the reports of a batch's shards into one.",
            discussion: """
                Reads .json and .jsonl reports (a .jsonl one a line at a time) and writes \
                the form the output's name asks for. The images of all reports, in the order given; totals summed (seconds: the \
                longest shard, as shards run side by side; images/s from those); transfers \
                summed; interrupted if any shard was. The shards must have run with the same \
                image settings (the worker count may differ), and no shard may be given twice.
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The merged report to write.", valueName: "file"))
        var output: String

        @Argument(help: ArgumentHelp("The shards' reports.", valueName: "report"))
        var reports: [String]

        func run() throws {
            do {
                try ReportMerger.mergeFiles(reports, into: output)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
