import ArgumentParser
import Foundation

/// `gpuglitch report merge OUT SHARD...`: one report from the reports of the shards of a batch
/// (`--shard K/N` or `auto`), as if one run had done them all.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with JSON reports.",
        subcommands: [Merge.self]
    )

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the JSON reports of a batch's shards into one.",
            discussion: """
                The images of all reports, in the order given; totals summed (seconds: the \
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
            guard !reports.isEmpty else { throw ValidationError("report merge: give the shards' reports") }
            var loaded: [BatchReport] = []
            for path in reports {
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: path))
                } catch {
                    throw ValidationError("report merge: cannot read \(path): \(error.localizedDescription)")
                }
                do {
                    loaded.append(try JSONDecoder().decode(BatchReport.self, from: data))
                } catch {
                    throw ValidationError("report merge: \(path) is not a gpuglitch report (\(error))")
                }
            }
            let merged = try ReportMerger.merge(loaded, names: reports)
            do {
                try ReportFile.write(merged, to: output)
            } catch {
                throw ValidationError("report merge: cannot write \(output): \(error)")
            }
        }
    }
}

/// The merge itself, apart from files.
enum ReportMerger {
    static func merge(_ reports: [BatchReport], names: [String]) throws(ValidationError) -> BatchReport {
        let first = reports[0]
        // The image settings must agree; the worker count may differ from machine to machine.
        func imageSettings(_ r: BatchReport) -> ReportSettings { var s = r.settings; s.jobs = 0; return s }
        for (report, name) in zip(reports, names) where imageSettings(report) != imageSettings(first) {
            throw ValidationError("report merge: \(name) was made with other image settings than \(names[0])")
        }
        let shards = reports.compactMap(\.shard)
        if Set(shards).count != shards.count {
            throw ValidationError("report merge: a shard is given twice (\(shards.joined(separator: ", ")))")
        }
        let images = reports.flatMap(\.images)
        let seconds = reports.map(\.totals.seconds).max() ?? 0
        let ok = reports.map(\.totals.ok).reduce(0, +)
        let totals = BatchReport.Totals(
            ok: ok, failed: reports.map(\.totals.failed).reduce(0, +),
            skipped: reports.map(\.totals.skipped).reduce(0, +),
            interrupted: reports.map(\.totals.interrupted).reduce(0, +),
            seconds: seconds, imagesPerSecond: seconds > 0 ? Double(ok) / seconds : 0)
        let devices = Array(Set(reports.map(\.device))).sorted()
        return BatchReport(
            device: devices.joined(separator: ", "), settings: first.settings, images: images, totals: totals,
            transfers: .init(uploads: reports.map(\.transfers.uploads).reduce(0, +),
                             downloads: reports.map(\.transfers.downloads).reduce(0, +)),
            shard: nil, interrupted: reports.contains(where: \.interrupted))
    }
}
