import ArgumentParser
import GPUOps

/// How `process` names its outputs under `--output` (docs/CLI.md, "Output names").
struct OutputNamingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Output path under --output, with {dir} (the input's sub-folder), {stem}, {ext} (of the output format), {size} (the entry as written), {width} and {height} (the output's pixel size, where every picture gets the same: Wx entries for {width}, xH for {height}, boxes under cover or pad, without --no-enlarge). Default: {dir}/{stem}.{ext} for one size, {dir}/{stem}_{size}.{ext} for several.",
        valueName: "template"))
    var outputTemplate: String?

    /// The template given, checked against the size entries: nil for the default. A template
    /// that would send two outputs of one input to one path is a usage error here, before
    /// anything runs.
    func template(for sizes: [ThumbnailSize], fit: FitMode, enlarges: Bool) throws(ValidationError) -> OutputTemplate? {
        do {
            let template = try outputTemplate.map { text throws(BatchSetupError) in try OutputTemplate(text) }
            try (template ?? .standard(forSizes: sizes.count)).validate(sizes: sizes, fit: fit, enlarges: enlarges)
            return template
        } catch {
            throw ValidationError("--output-template: \(error.description)")
        }
    }
}
