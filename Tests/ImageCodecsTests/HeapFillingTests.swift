import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// No byte of a decode depends on memory the decoder did not write: every fixture, decode
/// regression and sample is decoded twice, with glibc filling every fresh allocation with one
/// pattern and then another (`HeapFilling`: glibc's `mallopt(M_PERTURB)`), and the two
/// results must be the same. scripts/check-determinism.sh checks whole batches through the
/// binary the same way, and FuzzDeterminism the inputs libFuzzer makes.
///
/// Serialized: the filling is process-wide. Other suites running meanwhile only get their
/// fresh memory filled too, which cannot make a correct test fail.
@Suite(.serialized) struct HeapFillingTests {
    static let inputs: [String] = {
        let root = RepositoryPaths.root
        let folders = ["Tests/ImageCodecsTests/Fixtures", "Tests/GPUOpsTests/Fixtures", "Fuzz/regressions/decode",
                       "Fuzz/regressions/header", "Fuzz/regressions/animation", "samples"]
        let notImages: Set<String> = ["json", "md", "txt", "py", "swift", "icc", "rgba", "rgb", "keep"]
        var files: [String] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let file as URL in walk where !notImages.contains(file.pathExtension.lowercased()) {
                if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    files.append(String(file.path.dropFirst(root.path.count + 1)))
                }
            }
        }
        return files.sorted()
    }()

    /// What a decode gives, comparable between two decodes.
    enum Outcome: Equatable {
        case refused(String)
        case decoded(width: Int, height: Int, pixels: [UInt8], metadata: ImageMetadata, warnings: [String])
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions, filling pattern: UInt8) -> Outcome {
        HeapFilling.with(pattern: pattern) {
            do {
                let decoded = try ImageDecoder.decode(data: bytes, source: "input", options: options)
                return .decoded(width: decoded.image.width, height: decoded.image.height,
                                pixels: decoded.image.pixels, metadata: decoded.metadata,
                                warnings: decoded.facts.metadataWarnings)
            } catch {
                return .refused("\(error)")
            }
        }
    }

    @Test func theInputsAreFound() {
        // The walk found the fixture folders (a wrong root would make the test below vacuous).
        #expect(Self.inputs.count > 250)
        #expect(Self.inputs.contains("samples/chelsea.jpg"))
        #expect(Self.inputs.contains("Tests/ImageCodecsTests/Fixtures/metadata/rotated.jpg"))
    }

    @Test(arguments: [false, true])
    func everyInputDecodesTheSameUnderTwoHeapFillings(strict: Bool) throws {
        var options = DecodeOptions(failOnWarnings: strict)
        options.readsICCProfile = true
        options.readsMetadata = .all        // EXIF, XMP and IPTC read and rewritten (Fixtures/metadata)
        var differing: [String] = []
        for input in Self.inputs {
            let bytes = try [UInt8](Data(contentsOf: RepositoryPaths.root.appendingPathComponent(input)))
            if Self.decode(bytes, options: options, filling: 0x55) != Self.decode(bytes, options: options, filling: 0xAA) {
                differing.append(input)
            }
        }
        #expect(differing.isEmpty, "decodes that depend on the heap's contents: \(differing)")
    }

    @Test func aBufferLeftUnwrittenIsCaught() throws {
        // The check itself: a buffer made with no bytes written reads back the filling.
        func unwritten(_ pattern: UInt8) -> [UInt8] {
            HeapFilling.with(pattern: pattern) {
                [UInt8](unsafeUninitializedCapacity: 4096) { _, initialized in initialized = 4096 }
            }
        }
        #expect(HeapFilling.isAvailable)
        #expect(unwritten(0x55) != unwritten(0xAA))
    }

    @Test func avifAndJXLOutputsAreTheSameUnderTwoHeapFillings() throws {
        // The savers of the encoders libavif, libaom and libjxl: their bytes too.
        let images = [TestImages.noise(width: 37, height: 23, seed: 5, alpha: true), TestImages.gradient(width: 40, height: 30)]
        let encodings: [(ImageFormat, EncodeOptions)] = [(.avif, EncodeOptions(quality: 60)), (.jxl, EncodeOptions(quality: 80)),
                                                         (.jxl, EncodeOptions(lossless: true))]
        for image in images {
            for (format, options) in encodings {
                let first = try HeapFilling.with(pattern: 0x55) { try ImageEncoder.encode(image, as: format, options: options) }
                let second = try HeapFilling.with(pattern: 0xAA) { try ImageEncoder.encode(image, as: format, options: options) }
                #expect(first == second, "\(format) \(options)")
            }
        }
    }
}
