@testable import OpenCLCompute
import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The device's Huffman decode (issue 35 stage 2) against libjpeg-turbo's
/// `jpeg_read_coefficients` (stage 1), coefficient for coefficient, at every shrink-on-load
/// scale, on every baseline JPEG made here or found under Tests/ and samples/; and damaged
/// streams, which the device must decline so that the host gives its exact pixels or error.
/// (The pixels of clean files are checked by OpenCLJPEGDecodeTests, which now takes stage 2.)
@Suite("JPEG Huffman decode on the device equals libjpeg-turbo's coefficients",
       .enabled(if: OpenCLTestEnvironment.isAvailable, "needs an OpenCL device (see OpenCLTestEnvironment)"))
struct OpenCLJPEGEntropyDecodeTests {
    let opencl: OpenCLBackend
    let pixels: OpenCLJPEGDecodeTests
    init() throws {
        opencl = try OpenCLTestDevice.backend()
        pixels = try OpenCLJPEGDecodeTests()
    }

    enum Verdict: Equatable { case equal, declined, notBaseline }

    /// Stage 2's coefficients read back from the device against stage 1's, for `file` at 1/`denominator`.
    func compareCoefficients(_ file: [UInt8], name: String, denominator: Int) throws -> Verdict {
        let options = OpenCLJPEGDecodeTests.options(denominator: denominator)
        guard case .jpegCoefficients(let stage2) = try ImageDecoder.decodeForDevice(data: file, source: name,
                                                                                      options: options,
                                                                                      stage: .entropy),
              stage2.coefficients.entropyScan != nil else { return .notBaseline }
        guard case .jpegCoefficients(let stage1) = try ImageDecoder.decodeForDevice(
            data: file, source: name, options: options, stage: .coefficients),
              let expected = stage1.coefficients.hostBlockArrays() else {
            // libjpeg-turbo warned while reading the scan: the device must decline it too.
            #expect(try opencl.entropyDecodeJPEG(stage2.coefficients) == nil,
                    "\(name) 1/\(denominator): decoded on the device, libjpeg-turbo warns")
            return .declined
        }
        #expect(stage1.coefficients.entropyScan == nil)
        let device = try opencl.entropyDecodeJPEG(stage2.coefficients)
        #expect(device != nil, "\(name) 1/\(denominator): the device declined a clean stream")
        if let device {
            for (index, (got, want)) in zip(device, expected).enumerated() where got != want {
                let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
                Issue.record("\(name) 1/\(denominator) component \(index): first difference at \(first.map { "\($0)" } ?? "size")")
            }
            #expect(device.count == expected.count)
        }
        return .equal
    }

    @Test("generated baseline files: every layout, size, restart interval, scale")
    func generatedFiles() throws {
        var equal = 0
        for (width, height) in OpenCLJPEGDecodeTests.sizes {
            let image = TestImages.noise(width: width, height: height, seed: UInt64(width * 7 + height))
            for layout in OpenCLJPEGDecodeTests.layouts {
                for restartRows in [0, 1, 3] {
                    let file = try JPEGLayoutWriter.write(image, sampling: layout.sampling, restartRows: restartRows)
                    for denominator in [1, 2, 4, 8] where try compareCoefficients(
                        file, name: "\(layout.name) r\(restartRows) \(width)x\(height)", denominator: denominator) == .equal {
                        equal += 1
                    }
                }
            }
            let gray = try JPEGLayoutWriter.write(image, sampling: [(1, 1)], restartRows: 1, grayscale: true)
            if try compareCoefficients(gray, name: "gray \(width)x\(height)", denominator: 1) == .equal { equal += 1 }
        }
        // Every one of these is a baseline file stage 2 takes.
        #expect(equal == OpenCLJPEGDecodeTests.sizes.count * (OpenCLJPEGDecodeTests.layouts.count * 3 * 4 + 1))
    }

    @Test("every baseline JPEG under Tests/ and samples/, at every scale")
    func fixtures() throws {
        var equal = 0, restartFiles = 0, declined = 0
        for root in [RepositoryPaths.root.appendingPathComponent("Tests"), RepositoryPaths.root.appendingPathComponent("samples")] {
            let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".jpeg") }.sorted()
            for path in files {
                let file = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
                for denominator in [1, 2, 4, 8] {
                    // A file the host refuses or decodes itself is OpenCLJPEGDecodeTests' concern.
                    guard let verdict = try? compareCoefficients(file, name: path, denominator: denominator) else { continue }
                    if verdict == .declined { declined += 1 }
                    if verdict == .equal {
                        equal += 1
                        let name = (path as NSString).lastPathComponent
                        if path.contains("jpeg-restart/") && name.contains("-r") { restartFiles += 1 }
                    }
                }
            }
        }
        print("baseline fixtures: \(equal) equal, \(declined) declined as libjpeg-turbo warns (file x scale)")
        #expect(equal >= 60 && declined >= 8)
        #expect(restartFiles == 7 * 4)
    }

    /// The two stage files of one generated image, or nil (recorded) when it is not a stage 2 file.
    func stages(_ file: [UInt8], name: String) throws -> (device: JPEGCoefficients, host: [[Int16]])? {
        let options = OpenCLJPEGDecodeTests.options(denominator: 1)
        guard case .jpegCoefficients(let stage2) = try ImageDecoder.decodeForDevice(data: file, source: name, options: options,
                                                                                  stage: .entropy),
              case .jpegCoefficients(let stage1) = try ImageDecoder.decodeForDevice(
                data: file, source: name, options: options, stage: .coefficients),
              stage2.coefficients.entropyScan != nil, let host = stage1.coefficients.hostBlockArrays() else {
            Issue.record("\(name): not a clean stage 2 file")
            return nil
        }
        return (stage2.coefficients, host)
    }

    /// Scans cut into chunks of a few bytes, so that most chunks start mid-block, with and
    /// without restart intervals, in every layout: with as many rounds as chunks every chunk
    /// settles at its true start in the rounds; with one or two, most do not and the walk
    /// (`jpeg_huffman_prefix`) decodes them again. libjpeg-turbo's coefficients either way.
    @Test("chunks settled in rounds or decoded again by the walk give libjpeg-turbo's coefficients",
          arguments: [1, 5, 64])
    func chunks(chunkBytes: Int) throws {
        var checked = 0
        for layout in OpenCLJPEGDecodeTests.layouts {
            for restartRows in [0, 1] {
                let image = TestImages.noise(width: 64, height: 48, seed: 11)
                let file = try JPEGLayoutWriter.write(image, sampling: layout.sampling, restartRows: restartRows)
                let name = "\(layout.name) r\(restartRows) chunks of \(chunkBytes) B"
                guard let (device, host) = try stages(file, name: name), let entropy = device.entropyScan else { continue }
                for maxRounds in [1, 2, Int.max] {
                    let chunks = JPEGHuffmanChunks(entropy, chunkBytes: chunkBytes, maxRounds: maxRounds)
                    #expect(chunks.count > 2 * entropy.intervalCount, "\(name)")
                    #expect(try opencl.entropyDecodeJPEG(device, chunkBytes: chunkBytes, maxRounds: maxRounds) == host,
                            "\(name), \(chunks.rounds) rounds")
                }
                checked += 1
            }
        }
        #expect(checked == OpenCLJPEGDecodeTests.layouts.count * 2)
    }

    /// Photos without restart intervals are cut into the default chunks and decoded with the
    /// default rounds.
    @Test("photos without restart intervals: many chunks, libjpeg-turbo's coefficients")
    func photos() throws {
        var decoded = 0
        for name in ["astronaut.jpg", "chelsea.jpg", "coffee.jpg"] {
            let file = try [UInt8](Data(contentsOf: RepositoryPaths.samples.appendingPathComponent(name)))
            guard let (device, host) = try stages(file, name: name), let entropy = device.entropyScan else { continue }
            let chunks = JPEGHuffmanChunks(entropy)
            #expect(entropy.intervalCount == 1 && chunks.count > 60 && chunks.rounds == JPEGHuffmanChunks.maxRounds, "\(name)")
            #expect(try opencl.entropyDecodeJPEG(device) == host, "\(name)")
            decoded += 1
        }
        #expect(decoded == 3)
    }

    /// A 4:2:0 file with a restart marker every MCU row, and the offsets of its markers.
    static func restartFile() throws -> (file: [UInt8], markers: [Int], eoi: Int) {
        let file = try JPEGLayoutWriter.write(TestImages.noise(width: 64, height: 48, seed: 3), restartRows: 1)
        let markers = (0..<file.count - 1).filter { file[$0] == 0xFF && (0xD0...0xD7).contains(file[$0 + 1]) }
        return (file, markers, file.count - 2)
    }

    /// Damaged streams: the parser or the device must decline (stage 2 never decodes them), and
    /// the device path must give the host's exact pixels or error.
    @Test("damaged streams: declined, and decoded exactly as the host does")
    func damagedStreams() throws {
        let (file, markers, eoi) = try Self.restartFile()
        #expect(markers.count == 2)
        var cases: [(String, [UInt8])] = []
        cases.append(("cut in the scan", Array(file[..<(markers[0] + 40)])))
        cases.append(("cut before EOI", Array(file[..<eoi])))
        var wrongNumber = file
        wrongNumber[markers[1] + 1] = 0xD5
        cases.append(("RST out of sequence", wrongNumber))
        var missing = file
        missing.removeSubrange(markers[0]..<markers[0] + 2)
        cases.append(("RST missing", missing))
        var extraneous = file
        extraneous.insert(contentsOf: [0x12, 0x34], at: markers[0])
        cases.append(("extraneous bytes before RST", extraneous))
        var trailing = file
        trailing.insert(contentsOf: [0x55], at: eoi)
        cases.append(("extraneous byte before EOI", trailing))
        let scanStart = markers[0] - 60
        for offset in stride(from: scanStart, to: eoi - 1, by: 23) {
            var flipped = file
            flipped[offset] ^= 0x21
            cases.append(("flipped byte at \(offset)", flipped))
        }
        var declined = 0, exact = 0
        for (name, damaged) in cases {
            for denominator in [1, 2, 8] {
                let options = OpenCLJPEGDecodeTests.options(denominator: denominator)
                if case .jpegCoefficients(let image) = try? ImageDecoder.decodeForDevice(data: damaged, source: name,
                                                                                          options: options,
                                                                                          stage: .entropy),
                   image.coefficients.entropyScan != nil {
                    // Past the parser: the device itself must decline, unless the flip left a
                    // clean stream that libjpeg-turbo decodes to the same coefficients.
                    if let device = try opencl.entropyDecodeJPEG(image.coefficients) {
                        guard case .jpegCoefficients(let stage1)? = try? ImageDecoder.decodeForDevice(
                            data: damaged, source: name, options: options, stage: .coefficients),
                              let expected = stage1.coefficients.hostBlockArrays() else {
                            Issue.record("\(name) 1/\(denominator): the device decoded what libjpeg-turbo does not read cleanly")
                            continue
                        }
                        #expect(device == expected, "\(name)")
                        exact += 1
                    } else {
                        declined += 1
                    }
                } else {
                    declined += 1
                }
                _ = try pixels.compare(damaged, name: "\(name) 1/\(denominator)", options: options)
            }
        }
        // The structural damages (the first six cases) are always declined.
        #expect(declined >= 6 * 3)
        print("damaged streams: \(declined) declined, \(exact) still clean and equal")
    }
}
