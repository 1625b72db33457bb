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

    @Test("the window within 2 pixels of libvips' on at least 90 % of the samples' boxes",
          arguments: [Gravity.attention, .entropy])
    func samplesAgree(_ gravity: Gravity) throws {
        let result = try SmartCropReference.agreement(Self.samples, folder: RepositoryPaths.samples.path,
                                                      gravity: gravity, on: CPUBackend())
        print("smart crop \(gravity), samples: \(result.agreeing)/\(result.compared) within 2 px")
        for miss in result.misses { print("  " + miss) }
        #expect(result.compared == Self.samples.filter(\.hasChoice).count && result.compared >= 40)
        #expect(result.agreeing * 10 >= result.compared * 9, "\(result.misses)")
    }

    @Test("the window within 2 pixels of libvips' on at least 90 % of the photo corpus",
          .enabled(if: FileManager.default.fileExists(atPath: corpusFolder),
                   "the benchmark corpus is not built (scripts/bench/make_corpus.sh; GPUGLITCH_CORPUS=dir)"),
          arguments: [Gravity.attention, .entropy])
    func corpusAgrees(_ gravity: Gravity) throws {
        let result = try SmartCropReference.agreement(Self.corpus, folder: Self.corpusFolder, gravity: gravity,
                                                      on: CPUBackend())
        print("smart crop \(gravity), corpus: \(result.agreeing)/\(result.compared) within 2 px")
        for miss in result.misses { print("  " + miss) }
        #expect(result.compared == Self.corpus.filter(\.hasChoice).count && result.compared >= 200)
        #expect(result.agreeing * 10 >= result.compared * 9, "\(result.misses)")
    }
}
