import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Every input the fuzz targets found (Fuzz/regressions/decode, docs/TESTING.md), decoded
/// with the options the manifest gives: each must end exactly as the manifest says, the error
/// or the decoded size, and never trap or exhaust memory.
@Suite struct FuzzRegressionTests {
    struct Case: Decodable, CustomStringConvertible {
        let file: String
        let found: String
        let failOnWarnings: Bool
        let maxPixels: Int?
        let memoryBudget: Int?
        /// The expected `ImageCodecError.Reason`, as its description.
        let error: String?
        /// The expected decoded size, `WxH`.
        let size: String?
        var description: String { "\(file) (\(failOnWarnings ? "strict" : "lenient"))" }
    }
    static let folder = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/decode")
    static let cases: [Case] = try! FixtureManifest.cases(in: folder)

    @Test(arguments: cases)
    func endsAsTheManifestSays(_ regression: Case) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(regression.file)))
        var options = DecodeOptions(failOnWarnings: regression.failOnWarnings)
        if let maxPixels = regression.maxPixels { options.maxPixels = maxPixels }
        if let memoryBudget = regression.memoryBudget { options.memoryBudget = memoryBudget }
        do {
            let decoded = try ImageDecoder.decode(data: bytes, source: regression.file, options: options)
            #expect(regression.size == "\(decoded.image.width)x\(decoded.image.height)", "\(regression.found)")
        } catch {
            #expect(error.source == regression.file)
            #expect(regression.error == error.reason.description, "\(regression.found)")
        }
    }
}

/// What FuzzHeader found (Fuzz/regressions/header): a damaged HEIF whose primary image libheif
/// reports as 0 wide, and a TIFF declaring a width of 2^32 - 37. The header planning trusts
/// refuses both, and so does the decode.
@Suite struct FuzzHeaderRegressionTests {
    @Test func aHEIFOfNoWidthIsRefused() throws {
        let url = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/header/heif-zero-width")
        let bytes = try [UInt8](Data(contentsOf: url))
        let header = #expect(throws: ImageCodecError.self) { try ImageDecoder.readHeader(data: bytes, source: "h") }
        #expect(header?.reason.description == "corrupt image data: HEIF size 0x1291845652")
        #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(data: bytes, source: "h") }
    }

    @Test func aTIFFWiderThanInt32IsRefused() throws {
        let url = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/header/tiff-width-beyond-int32")
        let bytes = try [UInt8](Data(contentsOf: url))
        let header = #expect(throws: ImageCodecError.self) { try ImageDecoder.readHeader(data: bytes, source: "t") }
        #expect(header?.reason.description == "corrupt image data: TIFF size 4294967259x23")
        let decode = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(data: bytes, source: "t") }
        #expect(decode?.reason.description == "corrupt image data: TIFF size 4294967259x23")
    }
}

/// The allocation behind `cut-off-ztxt-before-idat.png`: its zTXt declares 1.86 GB in a
/// 240-byte file, and libpng allocated and cleared that much before finding the data cut
/// short (the outcome, "truncated", was the same). Counted here as the pages this thread
/// touched (minor page faults), which clearing 1.86 GB would raise by about 450,000.
@Suite struct CutOffChunkAllocationTests {
    @Test func aChunkCutOffBeforeTheImageDataNeverReachesLibpng() throws {
        let url = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/decode/cut-off-ztxt-before-idat.png")
        let bytes = try [UInt8](Data(contentsOf: url))
        let scan = try bytes.withUnsafeBytes { try PNGChunkScan($0, source: "z") }
        #expect(scan.cutOffBeforeImageData)
        for path in [PNGDecodePath.automatic, .libpng] {
            let before = Self.pagesTouchedByThisThread()
            let error = #expect(throws: ImageCodecError.self) {
                try ImageDecoder.decode(data: bytes, source: "z", options: DecodeOptions(), pngPath: path)
            }
            let touched = Self.pagesTouchedByThisThread() - before
            #expect(error?.reason == .truncated)
            #expect(touched < 10_000, "\(touched) pages touched decoding 240 bytes (\(path))")
        }
    }

    @Test func aChunkCutOffAfterTheImageDataIsLeftToTheDecoders() throws {
        // A whole 1x1 RGB image, then a tEXt that declares 1 GB and is cut off.
        var writer = PNGTestWriter(width: 1, height: 1, bitDepth: 8, colourType: 2, rows: [[1, 2, 3]])
        writer.writesEnd = false
        let png = writer.encode() + [0x40, 0, 0, 0] + Array("tEXt".utf8) + [0x41, 0x42]
        let scan = try png.withUnsafeBytes { try PNGChunkScan($0, source: "t") }
        #expect(!scan.cutOffBeforeImageData)
    }

    private static func pagesTouchedByThisThread() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (Linux 2.6.26+), which Glibc's header names only under _GNU_SOURCE.
        let thisThread: Int32 = 1
        getrusage(.init(thisThread), &usage)
        return usage.ru_minflt
    }
}
