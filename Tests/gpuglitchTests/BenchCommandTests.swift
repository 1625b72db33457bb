import Foundation
import GPUOps
import Testing
import TestSupport

/// `gpuglitch bench` end to end: which cases it measures and how it names their sizes, the
/// batch over a folder (the same folder scan as `process`, every format), and its usage errors.
/// Speed itself is never asserted: only that each case ran and took some time.
@Suite("Bench command")
struct BenchCommandTests {
    /// The fields of a batch row the tests read (the row type lives in the executable).
    struct Batch: Decodable {
        var device: String
        var images: Int
        var failed: Int
    }
    struct Output: Decodable {
        var operations: [OperationBenchmark.Measurement]
        var batches: [Batch]
    }

    static let filters = ["box", "bilinear", "hamming", "bicubic", "lanczos", "mks2013", "mks2021"]

    /// Runs `bench` once per case on a 96×64 PNG, with `extra` arguments.
    private func run(_ folder: TemporaryFolder, _ extra: [String]) throws -> ExecutionResult {
        let image = try folder.write(ImageFiles.gradientPNG(width: 96, height: 64), to: "gradient.png")
        return try CommandRunner(in: folder.url)
            .run(["bench", "--image", image, "--iterations", "1", "--repetitions", "1"] + extra)
    }

    /// `run` with `--json`, and its output decoded.
    private func bench(_ folder: TemporaryFolder, _ extra: [String]) throws -> (ExecutionResult, Output?) {
        let result = try run(folder, ["--json"] + extra)
        return (result, try? JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8)))
    }

    @Test("on the CPU: every filter's thumbnail from the image and its half, the srcset sizes, the glitch, the effects and a crop, in that order")
    func cpuCases() throws {
        let folder = try TemporaryFolder()
        let (result, decoded) = try bench(folder, ["--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        let output = try #require(decoded, "\(result)")
        let expected = ["full", "half"].flatMap { half in Self.filters.map { "thumbnail 512 \($0) (\(half))" } }
            + ["srcset 1024,512,256 (full)", "glitch", "effect sepia", "effect tilt-shift", "effect sharpen", "crop"]
        #expect(output.operations.map(\.operation) == expected)
        #expect(output.batches.isEmpty)
        for op in output.operations {
            #expect(op.backend == "cpu", "\(op.operation)")
            #expect(op.secondsPerRun > 0 && op.megapixelsPerSecond > 0, "\(op.operation)")
        }
        let byName = Dictionary(uniqueKeysWithValues: output.operations.map { ($0.operation, $0) })
        #expect(byName["thumbnail 512 lanczos (full)"]?.inputSize == "96x64")
        #expect(byName["thumbnail 512 lanczos (half)"]?.inputSize == "48x32")
        #expect(byName["thumbnail 512 lanczos (half)"]?.outputSize == "512x512")
        // Contain keeps 96:64: the other side of each is 2/3 of it, rounded half up.
        #expect(byName["srcset 1024,512,256 (full)"]?.outputSize == "1024x683+512x341+256x171")
        #expect(byName["srcset 1024,512,256 (full)"]?.inputSize == "96x64")
        #expect(byName["crop"]?.outputSize == "48x32")
    }

    @Test("on an OpenCL device the upload and download round trip is measured too",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
    func openCLCases() throws {
        let folder = try TemporaryFolder()
        let (result, decoded) = try bench(folder, ["--device", "opencl:0"])
        #expect(result.status == 0, "\(result)")
        let output = try #require(decoded, "\(result)")
        #expect(output.operations.last?.operation == "upload+download")
        #expect(output.operations.last?.outputSize == "96x64")
        #expect(output.operations.contains { $0.operation == "srcset 1024,512,256 (full)" })
        #expect(output.operations.allSatisfy { $0.backend.hasPrefix("opencl:0") })
    }

    @Test("--corpus runs the batch over what process would find there: every format read, other files left out")
    func corpusBatch() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.gradientJPEG(width: 40, height: 30), to: "corpus/a.jpg")
        try folder.write(ImageFiles.gradientPNG(width: 30, height: 40), to: "corpus/sub/b.png")
        let bmp = RepositoryPaths.root.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/bmp/bitfields-bgra-v4.bmp")
        try folder.write(Data(contentsOf: bmp), to: "corpus/c.BMP")
        try folder.write(Data("not an image".utf8), to: "corpus/notes.txt")
        let (result, decoded) = try bench(folder, ["--device", "cpu", "--corpus", folder.path("corpus")])
        #expect(result.status == 0, "\(result)")
        let output = try #require(decoded, "\(result)")
        #expect(output.batches.count == 1)
        #expect(output.batches.first?.device == "cpu")
        #expect(output.batches.first?.images == 3, "the JPEG, the PNG in a sub-folder and the BMP")
        #expect(output.batches.first?.failed == 0)
    }

    @Test("the table: a header, then one row a case")
    func table() throws {
        let result = try run(try TemporaryFolder(), ["--device", "cpu"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true)
            == ["operation", "device", "input", "output", "ms/run", "MP/s"])
        #expect(lines.count == 1 + 2 * Self.filters.count + 6, "\(result)")
        #expect(lines.contains { $0.hasPrefix("srcset 1024,512,256 (full)") && $0.contains("1024x683+512x341+256x171") })
        #expect(result.stderrLines == ["bench: cpu…"])
    }

    @Test("usage errors exit 2; an image that cannot be read exits 1 with one line", arguments: [
        (["--iterations", "0"], Int32(2), "Error: --iterations and --repetitions must be ≥ 1"),
        (["--repetitions", "0"], Int32(2), "Error: --iterations and --repetitions must be ≥ 1"),
        (["--device", "nope"], Int32(2), "Error: --device: invalid device 'nope' (expected auto, cpu, opencl, opencl:N or gpu)"),
        (["--device", "cpu", "--image", "missing.png"], Int32(1), "gpuglitch: missing.png: cannot read: No such file or directory"),
    ])
    func errors(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner(in: folder.url).run(["bench"] + arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderrLines.first == message, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }
}
