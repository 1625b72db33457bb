@testable import ImageCodecs
import Foundation
import Testing
import TestSupport

/// The JPEG coding options against Pillow 13.0.0's `save(quality=90, progressive=...,
/// subsampling=..., optimize=...)` (Tests/GPUOpsTests/Fixtures/jpeg-options, made by
/// scripts/fixtures/make_jpeg_option_fixtures.py), and the promise that progressive and
/// optimised tables change only the coding.
@Suite("Codec: JPEG coding options")
struct JPEGOptionTests {
    struct Fixture: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable, CustomTestStringConvertible {
        var input: String
        var progressive: Bool
        var subsampling: String
        var optimize: Bool
        var bytes: Int
        var sha256: String
        var sofMarker: Int
        var lumaSampling: [Int]
        var testDescription: String { "\(input) progressive \(progressive) \(subsampling) optimize \(optimize)" }

        var coding: JPEGEncoding {
            JPEGEncoding(progressive: progressive, subsampling: JPEGSubsampling(rawValue: subsampling)!,
                         optimizesHuffmanTables: optimize)
        }
    }

    static let cases: [Case] = {
        let url = RepositoryPaths.fixtures.appendingPathComponent("jpeg-options/cases.json")
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else { return [] }
        return fixture.cases
    }()

    static func source(_ name: String) throws -> HostImage {
        try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample(name)).image
    }

    static func encode(_ image: HostImage, _ coding: JPEGEncoding) throws -> [UInt8] {
        try ImageEncoder.encode(image, as: .jpeg, options: EncodeOptions(quality: 90, jpeg: coding))
    }

    /// The first start-of-frame marker and the luma component's sampling factors in it.
    static func startOfFrame(_ file: [UInt8]) -> (marker: Int, horizontal: Int, vertical: Int)? {
        var i = 2
        while i + 12 < file.count, file[i] == 0xFF {
            let marker = Int(file[i + 1]), length = Int(file[i + 2]) << 8 | Int(file[i + 3])
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                let sampling = Int(file[i + 11])
                return (marker, sampling >> 4, sampling & 0x0F)
            }
            i += 2 + length
        }
        return nil
    }

    @Test("the fixture file is there and complete")
    func fixturesLoaded() {
        #expect(Self.cases.count == 24)
    }

    @Test("each combination writes Pillow's bytes: its SOF marker, sampling factors and length", arguments: cases)
    func matchesPillow(_ c: Case) throws {
        let ours = try Self.encode(Self.source(c.input), c.coding)
        let sof = try #require(Self.startOfFrame(ours))
        #expect(sof.marker == c.sofMarker)
        #expect([sof.horizontal, sof.vertical] == c.lumaSampling)
        #expect(ours.count == c.bytes)
        #expect(SHA256.hex(ours) == c.sha256)
    }

    @Test("progressive and optimised tables decode to the baseline's pixels; optimised is no larger",
          arguments: ["astronaut.png", "chelsea.png", "coffee.png"])
    func codingOnly(_ name: String) throws {
        let source = try Self.source(name)
        for subsampling in JPEGSubsampling.allCases {
            let baseline = try Self.encode(source, JPEGEncoding(subsampling: subsampling))
            let pixels = try ImageDecoder.decode(data: baseline, source: name).image
            for coding in [JPEGEncoding(progressive: true, subsampling: subsampling),
                           JPEGEncoding(subsampling: subsampling, optimizesHuffmanTables: true),
                           JPEGEncoding(progressive: true, subsampling: subsampling, optimizesHuffmanTables: true)] {
                let file = try Self.encode(source, coding)
                #expect(file != baseline, "\(coding)")
                #expect(try ImageDecoder.decode(data: file, source: name).image == pixels, "\(coding)")
                if coding.optimizesHuffmanTables && !coding.progressive { #expect(file.count <= baseline.count) }
            }
        }
    }

    @Test("the default coding is the TurboJPEG baseline of before; 4:2:0 through libjpeg gives the same bytes")
    func defaultUnchanged() throws {
        let source = try Self.source("chelsea.png")
        let before = try ImageEncoder.encodeJPEG(source, quality: 90)
        #expect(try Self.encode(source, JPEGEncoding()) == before)
        #expect(Self.startOfFrame(before)?.marker == 0xC0)
        // The libjpeg path with nothing but the defaults: not used for them, but it must agree.
        let libjpeg = try JPEGEncoder.encode(source, quality: 90, coding: JPEGEncoding(subsampling: .s420),
                                             destination: "test")
        #expect(libjpeg == before)
    }
}

extension JPEGOptionTests {
    @Test("libjpeg's refusal reaches the caller with its message: a side past JPEG's 65500")
    func libjpegErrorIsReported() throws {
        let wide = try HostImage(width: 65_501, height: 1)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) -> [UInt8] in
            try ImageEncoder.encode(wide, as: .jpeg, options: EncodeOptions(jpeg: JPEGEncoding(optimizesHuffmanTables: true)))
        } == .encodeFailed("libjpeg: Maximum supported image dimension is 65500 pixels"))
    }
}

/// WebP `method` (`--effort`): lossless keeps every pixel at every effort, the default is the
/// file of before, and an effort outside 0...6 is refused by name.
@Suite("Codec: WebP effort")
struct WebPEffortTests {
    @Test("lossless at every effort decodes to the source exactly; the efforts give different files")
    func losslessExact() throws {
        let image = TestImages.noise(width: 61, height: 37, seed: 11, alpha: true)
        var files: Set<[UInt8]> = []
        for effort in EncodeOptions.webpEfforts {
            let file = try ImageEncoder.encode(image, as: .webp, options: EncodeOptions(lossless: true, webpEffort: effort))
            #expect(try ImageDecoder.decode(data: file, source: "effort \(effort)").image == image, "effort \(effort)")
            files.insert(file)
        }
        #expect(files.count > 1)
    }

    @Test("the default effort is libwebp's 4: the bytes of before, lossy and lossless")
    func defaultUnchanged() throws {
        let image = TestImages.gradient(width: 40, height: 30)
        for lossless in [false, true] {
            let before = try ImageEncoder.encodeWebP(image, quality: 80, lossless: lossless)
            let four = try ImageEncoder.encode(image, as: .webp, options: EncodeOptions(quality: 80, lossless: lossless, webpEffort: 4))
            #expect(four == before)
        }
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png")).image
        let fastest = try ImageEncoder.encode(photo, as: .webp, options: EncodeOptions(quality: 80, webpEffort: 0))
        let smallest = try ImageEncoder.encode(photo, as: .webp, options: EncodeOptions(quality: 80, webpEffort: 6))
        #expect(fastest != smallest)
    }

    @Test("an effort outside 0...6 is refused", arguments: [-1, 7])
    func refused(_ effort: Int) {
        let image = TestImages.gradient(width: 4, height: 4)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) -> [UInt8] in
            try ImageEncoder.encode(image, as: .webp, options: EncodeOptions(webpEffort: effort))
        } == .encodeFailed("WebP effort \(effort) is outside 0...6"))
    }
}
