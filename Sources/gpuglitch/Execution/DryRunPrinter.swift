import GPUOps
import ArgumentParser

/// `process --dry-run`: prints the plan on standard output, one tab-separated line per
/// output of each input of the shard (one line per failed input), in input order, and writes
/// nothing:
///
///     write	photos/a.png	out/a_512.png
///     write	photos/a.png	out/a_256.png
///     skip	photos/b.png	out/b_512.png
///     skip	photos/b.png	out/b_256.png
///     fail	photos/c.png	photos/c.png: output 'out/a_512.png' is already the output of 'photos/a.png'
///
/// The exit status is what a real run would give before processing: 1 if any input
/// already fails, else 0. Lines go out in pieces as the plan is read.
enum DryRunPrinter {
    static func print(_ plan: BatchPlan) throws -> ExitCode {
        var text = ""
        var failed = false
        // Fields escaped: a tab or newline in a name must not shift columns or split lines.
        func field(_ s: String) -> String { ControlCharacterEscaping.escaped(s) }
        var iterator = plan.makeIterator()
        while let input = iterator.next() {
            switch input.action {
            case .process(let item):
                for output in item.outputs { text += "write\t\(field(input.name))\t\(field(output))\n" }
            case .skip:
                for output in input.outputs { text += "skip\t\(field(input.name))\t\(field(output))\n" }
            case .fail(let message):
                text += "fail\t\(field(input.name))\t\(field(message))\n"
                failed = true
            }
            if text.utf8.count >= 1 << 16 {
                Console.output(text)
                text = ""
            }
        }
        Console.output(text)
        if let failure = iterator.failure { throw failure }
        return failed ? ExitStatus.someInputsFailed : ExitStatus.success
    }
}
