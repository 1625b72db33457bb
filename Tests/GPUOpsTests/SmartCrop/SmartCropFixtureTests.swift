@testable import GPUOps
import CPUCompute
import Foundation
import Testing
import TestSupport

/// `--gravity attention|entropy` against libvips 8.14's `smartcrop` fed the same resized pixels
/// (Tests/GPUOpsTests/Fixtures/smartcrop, made by scripts/fixtures/make_smartcrop_fixtures.py):
/// the window within 2 pixels on at least 90 % of the photos; the others are printed (docs/SPEC.md
/// §3.1 says why they differ).
@Suite("Smart crop against libvips")
struct SmartCropFixtureTests {
    static let samples = SmartCropReference.load("samples.csv")
    static let corpus = SmartCropReference.load("corpus.csv")
    /// The benchmark corpus (scripts/bench/make_corpus.sh); too large to commit, so the corpus
    /// rows are checked where it has been built.
    static let corpusFolder = ProcessInfo.processInfo.environment["GPUGLITCH_CORPUS"] ?? "/tmp/gpuglitch-corpus"

    @Test("the fixture files are there and complete")
    func fixturesLoaded() {
        #expect(Self.samples.count == 60)
        #expect(Self.corpus.count == 250)
    }

    /// Checks one fixture: at least 90 % within 2 pixels for each gravity, the misses printed.
    static func check(_ rows: [SmartCropReference], folder: String, minimum: Int, label: String) throws {
        let result = try SmartCropReference.agreement(rows, folder: folder, on: CPUBackend())
        for gravity in [Gravity.attention, .entropy] {
            let agreeing = result.agreeing[gravity, default: 0]
            print("smart crop \(gravity), \(label): \(agreeing)/\(result.compared) within 2 px")
            #expect(agreeing * 10 >= result.compared * 9, "\(gravity): \(result.misses)")
        }
        for miss in result.misses { print("  " + miss) }
        #expect(result.compared == rows.filter(\.hasChoice).count && result.compared >= minimum)
    }

    @Test("the window within 2 pixels of libvips' on at least 90 % of the samples' boxes")
    func samplesAgree() throws {
        try Self.check(Self.samples, folder: RepositoryPaths.samples.path, minimum: 40, label: "samples")
    }

    @Test("the window within 2 pixels of libvips' on at least 90 % of the photo corpus",
          .enabled(if: FileManager.default.fileExists(atPath: corpusFolder),
                   "the benchmark corpus is not built (scripts/bench/make_corpus.sh; GPUGLITCH_CORPUS=dir)"))
    func corpusAgrees() throws {
        try Self.check(Self.corpus, folder: Self.corpusFolder, minimum: 200, label: "corpus")
    }
}
