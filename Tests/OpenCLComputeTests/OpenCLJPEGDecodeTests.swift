@testable import OpenCLCompute
import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The device JPEG decoder (issue 35 stage 1) against libjpeg-turbo on the host, byte for byte,
/// full size and at every shrink-on-load scale: files of every layout made here, every JPEG
/// fixture in Tests/ (damaged ones must fail with the host's exact error), and the photo
/// corpus where it has been built.
@Suite("JPEG decoded on the device equals libjpeg-turbo",
       .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLJPEGDecodeTests {
    let opencl: OpenCLBackend
    init() throws { opencl = try OpenCLTestDevice.backend() }

    /// Decode options that shrink on load by `denominator` where the picture is large enough
    /// (ShrinkOnLoad's rule), else by the largest smaller one.
    static func options(denominator: Int, failOnWarnings: Bool = false) -> DecodeOptions {
        var options = DecodeOptions(failOnWarnings: failOnWarnings)
        options.readsMetadata = .all
        options.readsICCProfile = true
        if denominator > 1 {
            options.minimumSize = { @Sendable w, h in
                PixelSize(width: max(1, w / (2 * denominator)), height: max(1, h / (2 * denominator)))
            }
        }
        return options
    }

    enum Outcome: Hashable { case device, host, failed }

    /// Decodes `file` on the host and for the device with `options`; expects the same pixels,
    /// metadata and facts, or the same error. Says where the device path decoded it.
    func compare(_ file: [UInt8], name: String, options: DecodeOptions) throws -> Outcome {
        let host: Result<DecodedImage, ImageCodecError> = Result { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: file, source: name, options: options)
        }
        let device: Result<DeviceDecodeInput, ImageCodecError> = Result { () throws(ImageCodecError) in
            try ImageDecoder.decodeForDevice(data: file, source: name, options: options)
        }
        switch (host, device) {
        case (.failure(let expected), .failure(let actual)):
            #expect(actual.description == expected.description, "\(name)")
            return .failed
        case (.success(let expected), .success(.decoded(let actual))):
            #expect(actual.image == expected.image, "\(name)")
            #expect(actual.metadata == expected.metadata && actual.facts == expected.facts, "\(name)")
            return .host
        case (.success(let expected), .success(.jpegCoefficients(let coefficients))):
            var facts = coefficients.facts
            #expect(facts.decodedOnDevice)
            facts.decodedOnDevice = false
            #expect(facts.deviceDecodeStage == (coefficients.coefficients.entropyScan == nil ? 1 : 2))
            facts.deviceDecodeStage = nil
            #expect(coefficients.metadata == expected.metadata && facts == expected.facts, "\(name)")
            guard let decoded = try opencl.decodeJPEG(coefficients.coefficients) else {
                // Declined: the caller decodes the file on the host (DecodeStep), to these pixels.
                #expect(try coefficients.decodeOnHost().image == expected.image, "\(name)")
                return .host
            }
            let pixels = try decoded.hostImage()
            let first = pixels.pixels.count != expected.image.pixels.count ? nil
                : pixels.pixels.indices.first { pixels.pixels[$0] != expected.image.pixels[$0] }
            #expect(pixels == expected.image, "\(name): first differing byte \(first.map(String.init) ?? "none")")
            return .device
        case (.failure(let expected), .success(.jpegCoefficients(let coefficients)))
            where !coefficients.coefficients.scanReadOnHost:
            // Stage 2, and stage 1 of a sequential file, leave the scan unread until the upload: a
            // stream libjpeg-turbo refuses must be declined, and the host decode the caller then
            // makes fails alike.
            #expect(try opencl.decodeJPEG(coefficients.coefficients) == nil, "\(name): decoded on the device")
            #expect(throws: expected) { try coefficients.decodeOnHost() }
            return .failed
        default:
            Issue.record("\(name): host \(host), device \(device)")
            return .failed
        }
    }

    /// Every layout libjpeg-turbo writes that the device decodes: the sampling factors of Y, Cb, Cr.
    static let layouts: [(name: String, sampling: [(Int, Int)])] = [
        ("4:4:4", [(1, 1), (1, 1), (1, 1)]), ("4:2:2", [(2, 1), (1, 1), (1, 1)]),
        ("4:2:0", [(2, 2), (1, 1), (1, 1)]), ("4:4:0", [(1, 2), (1, 1), (1, 1)]),
        ("4:1:1", [(4, 1), (1, 1), (1, 1)]), ("4:1:0", [(4, 2), (1, 1), (1, 1)]),
        ("Y2x2 Cb2x1 Cr1x1", [(2, 2), (2, 1), (1, 1)]), ("Y2x1 Cb1x2 Cr1x1", [(2, 1), (1, 2), (1, 1)]),
    ]
    static let sizes = [(1, 1), (2, 2), (3, 5), (17, 9), (9, 17), (33, 31), (64, 48), (203, 157)]

    @Test("generated files of every layout, size and scale, baseline, progressive, restart, grayscale",
          arguments: [false, true])
    func generatedFiles(progressive: Bool) throws {
        var outcomes: [Outcome] = []
        for (width, height) in Self.sizes {
            let image = TestImages.noise(width: width, height: height, seed: UInt64(width * 31 + height))
            var files: [(String, [UInt8])] = []
            for layout in Self.layouts {
                files.append((layout.name, try JPEGLayoutWriter.write(image, sampling: layout.sampling,
                                                                      progressive: progressive)))
            }
            files.append(("gray", try JPEGLayoutWriter.write(image, sampling: [(1, 1)], progressive: progressive,
                                                             grayscale: true)))
            files.append(("4:2:0 restart", try JPEGLayoutWriter.write(image, progressive: progressive, restartRows: 1)))
            files.append(("4:2:0 q100", try JPEGLayoutWriter.write(image, quality: 100, progressive: progressive)))
            for (name, file) in files {
                for denominator in [1, 2, 4, 8] {
                    outcomes.append(try compare(file, name: "\(name) \(width)x\(height) 1/\(denominator)",
                                                options: Self.options(denominator: denominator)))
                }
            }
        }
        // Every one of these clean files is decoded on the device (none sent to the host).
        #expect(outcomes.allSatisfy { $0 == .device }, "\(outcomes.filter { $0 != .device }.count) not on the device")
    }

    @Test("a gradient photo-like picture at every scale, with EXIF orientations from the fixtures")
    func gradient() throws {
        let image = TestImages.gradient(width: 517, height: 389)
        let file = try JPEGLayoutWriter.write(image)
        for denominator in [1, 2, 4, 8] {
            #expect(try compare(file, name: "gradient 1/\(denominator)", options: Self.options(denominator: denominator)) == .device)
        }
    }

    /// Every JPEG under Tests/: damaged files fail with the host's error, CMYK, YCCK and RGB
    /// ones are decoded on the host, and the rest on the device, identically.
    @Test("every JPEG fixture, full size and shrunk, strict and lenient", arguments: [false, true])
    func fixtures(failOnWarnings: Bool) throws {
        let root = RepositoryPaths.root.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".jpeg") }.sorted()
        #expect(files.count >= 40)
        var onDevice = 0
        for path in files {
            let file = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            for denominator in [1, 2, 4, 8] {
                let outcome = try compare(file, name: "\(path) 1/\(denominator)",
                                          options: Self.options(denominator: denominator, failOnWarnings: failOnWarnings))
                if outcome == .device { onDevice += 1 }
            }
        }
        #expect(onDevice >= files.count * 2)
    }

    /// Mutated files (the FuzzJPEGDevice target's check, without libFuzzer): bytes of small
    /// JPEGs of several layouts flipped, set or cut at offsets drawn from a fixed-seed stream.
    /// A file the host refuses must be refused alike; one it reads must decode to its bytes on
    /// the device or go to the host.
    @Test("mutated JPEGs: refused alike, or decoded to libjpeg-turbo's bytes, or sent to the host")
    func mutatedFiles() throws {
        var rng = SplitMix64(seed: 35)
        let image = TestImages.noise(width: 40, height: 24, seed: 7)
        let seeds = [try JPEGLayoutWriter.write(image), try JPEGLayoutWriter.write(image, progressive: true),
                     try JPEGLayoutWriter.write(image, sampling: [(1, 2), (1, 1), (1, 1)], restartRows: 1),
                     try JPEGLayoutWriter.write(image, sampling: [(1, 1)], grayscale: true)]
        var outcomes: [Outcome: Int] = [:]
        for round in 0..<2000 {
            var file = seeds[round % seeds.count]
            for _ in 0...Int(rng.next() % 3) {
                let offset = Int(rng.next() % UInt64(file.count))
                switch rng.next() % 3 {
                case 0: file[offset] ^= UInt8(1 << (rng.next() % 8))
                case 1: file[offset] = UInt8(truncatingIfNeeded: rng.next())
                default: file.removeSubrange(offset...)
                }
                if file.isEmpty { file = [0xFF] }
            }
            let denominator = 1 << Int(rng.next() % 4)
            let outcome = try compare(file, name: "mutation \(round) 1/\(denominator)",
                                      options: Self.options(denominator: denominator, failOnWarnings: round % 2 == 1))
            outcomes[outcome, default: 0] += 1
        }
        print("mutated JPEGs: \(outcomes)")
        #expect(outcomes[.device, default: 0] > 200 && outcomes[.failed, default: 0] > 200)
    }

    static let corpusFolder = ProcessInfo.processInfo.environment["GPUGLITCH_CORPUS"] ?? "/tmp/gpuglitch-corpus"

    /// The photo corpus (scripts/bench/make_corpus.sh), where it has been built: every fifth
    /// photo (every one with GPUGLITCH_CORPUS_ALL=1) at the scale the default thumbnail (512
    /// cover) decodes it, and the first two at full size, 1/2 and 1/8. On POCL a photo costs
    /// about a second of kernels, so the whole corpus is for a quiet machine.
    @Test("the photo corpus", .enabled(if: FileManager.default.fileExists(atPath: corpusFolder), "no corpus"))
    func corpus() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpusFolder)
            .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg") }.sorted()
            .enumerated().filter { ProcessInfo.processInfo.environment["GPUGLITCH_CORPUS_ALL"] != nil || $0.offset % 5 == 0 }
            .map(\.element)
        var onDevice = 0
        for (index, name) in names.enumerated() {
            let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpusFolder).appendingPathComponent(name)))
            var options = Self.options(denominator: 1)
            options.minimumSize = { @Sendable w, h in
                let side = 512 * max(w, h) / max(1, min(w, h))
                return w < h ? PixelSize(width: 512, height: side) : PixelSize(width: side, height: 512)
            }
            if try compare(file, name: name, options: options) == .device { onDevice += 1 }
            if index < 2 {
                for denominator in [1, 2, 8] {
                    _ = try compare(file, name: "\(name) 1/\(denominator)", options: Self.options(denominator: denominator))
                }
            }
        }
        print("corpus: \(onDevice) of \(names.count) JPEGs decoded on the device")
        #expect(onDevice == names.count)
    }
}
