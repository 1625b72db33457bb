import GPUOps
import ArgumentParser
import Foundation

/// `gpuglitch process INPUT... --output DIR [options]` (docs/SPEC.md §7).
///
/// This type holds the command line and checks it; `ProcessSession` does the work.
struct ProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Scale, crop and glitch images into an output folder.",
        discussion: """
            Inputs are files, folders (searched recursively for images by extension in any letter \
            case: PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIC/HEIF) and http(s) URLs; the format \
            is found from the content, never from the name. A bad input fails alone, with one line naming it; \
            the batch goes on. Exit codes: 0 all done, 1 some inputs failed, 2 usage error, \
            3 requested device missing, 130 interrupted.
            """)

    @Argument(help: ArgumentHelp("Files, folders and http(s) URLs.", valueName: "input"))
    var inputs: [String] = []

    @Option(name: .customLong("list"), help: ArgumentHelp(
        "A file naming one input a line (blank lines and # comments ignored); - reads standard input. Repeatable.",
        valueName: "file"))
    var lists: [String] = []

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Folder for the results.", valueName: "dir"))
    var output: String

    @OptionGroup(title: "Image options")
    var image: ThumbnailOptions

    @OptionGroup(title: "Output names")
    var naming: OutputNamingOptions

    @OptionGroup(title: "Device")
    var device: DeviceOptions

    @Option(help: ArgumentHelp("CPU threads for reading, decoding and encoding (default: all cores).",
                               valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp(
        "With an OpenCL device, which images it makes (the CPU makes the others meanwhile, with the same bytes): all; N (at most N at once); or measured (image by image, the backend that has been faster per megapixel). Default: measured with --device auto, all with a device named.",
        valueName: "all|measured|N"))
    var deviceShare: DeviceShareArgument?

    @Flag(help: "Skip inputs whose outputs all exist already (resume an interrupted batch); an input with some missing is made again whole.")
    var skipExisting = false

    @Option(help: ArgumentHelp("Write a JSON report: per-input status, error and timings; totals. A name ending in .jsonl writes JSON Lines as images end (one object per input, then a totals object).",
                               valueName: "file"))
    var report: String?

    @Option(help: ArgumentHelp(
        "Process only the K-th of N deterministic slices of the sorted input set (1 ≤ K ≤ N); auto: K/N from a Slurm job array or a Kubernetes Indexed Job.",
        valueName: "K/N|auto"))
    var shard: String?

    @Option(help: ArgumentHelp("With --shard auto on Kubernetes: the Indexed Job's completions.", valueName: "N"))
    var shardCount: Int?

    @Flag(help: "Print only error lines (no progress, no summary).")
    var quiet = false

    @Flag(help: "Print the plan (one line per output: write|skip, input, output; one per failed input: fail, input, reason) and process nothing.")
    var dryRun = false

    mutating func validate() throws {
        if inputs.isEmpty && lists.isEmpty {
            throw ValidationError("no inputs: give files, folders or URLs, or --list FILE")
        }
        if output.isEmpty {
            throw ValidationError("--output must not be empty")
        }
        if lists.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("--list - (standard input) can be given only once")
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be at least 1 (got \(jobs))")
        }
        _ = try shardSpec()
        _ = try naming.template(for: image.sizes(), fit: image.fit.mode, enlarges: !image.noEnlarge)
    }

    /// The parsed `--shard`, or nil.
    func shardSpec() throws(ValidationError) -> ShardSpec? {
        guard let shard else {
            if shardCount != nil { throw ValidationError("--shard-count goes with --shard auto") }
            return nil
        }
        do {
            if shard == "auto" {
                return try ShardSpec(fromEnvironment: ProcessInfo.processInfo.environment, shardCount: shardCount)
            }
            if shardCount != nil { throw ValidationError("--shard-count goes with --shard auto") }
            return try ShardSpec(parsing: shard)
        } catch let error as ValidationError {
            throw error
        } catch let error as BatchSetupError {
            throw ValidationError("--shard: \(error.description)")
        } catch {
            throw ValidationError("--shard: \(error)")
        }
    }

    /// The worker count: `--jobs`, or every core.
    var workerCount: Int {
        jobs ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// `--device-share`, or `measured` under `--device auto`, which is asked for the fastest
    /// way: on a GPU that a 16-core host outruns, mostly the cores (docs/BENCHMARKS.md, "On a
    /// real GPU"). A device named outright gets every image.
    func deviceShare(for request: DeviceRequest) -> DeviceShare {
        deviceShare?.share ?? (request == .auto ? .measured : .all)
    }

    func run() async throws {
        let status = try await ProcessSession(command: self).run()
        if status != ExitStatus.success { throw status }
    }
}
