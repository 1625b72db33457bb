@testable import ImageCodecs
import Foundation
import ImageMaths
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every kind of bad input ends in its own `ImageCodecError`: never a crash, a hang, or a
/// partial image passed off as good. The broken files are made here, in a temporary folder.
@Suite("Codec: bad inputs")
struct BadInputTests {
    typealias Reason = ImageCodecError.Reason

    static let jpeg = try! ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea.jpg"))
    static let progressiveJPEG = try! ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea-progressive.jpg"))
    static let png = try! ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea.png"))

    /// Decodes `bytes` from a file in a fresh temporary folder, named `name`.
    func decodeFile(_ bytes: [UInt8], name: String, options: DecodeOptions = DecodeOptions()) throws -> (path: String, reason: Reason?) {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(contentsOf: path, options: options)
        }
        return (path, reason)
    }

    func decodeReason(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> Reason? {
        CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(data: bytes, source: "memory", options: options)
        }
    }

    @Test("a zero-length file is .empty")
    func emptyFile() throws {
        let (path, reason) = try decodeFile([], name: "empty.png")
        #expect(reason == .empty)
        let error = ImageCodecError(source: path, reason: .empty)
        #expect(error.description == "\(path): empty input (0 bytes)")
    }

    @Test("a text file named .jpg is .unrecognisedFormat and says what it starts with")
    func textFile() throws {
        let (path, reason) = try decodeFile(Array("hello, this is not a picture\n".utf8), name: "photo.jpg")
        #expect(reason == .unrecognisedFormat(leadingBytes: Array("hello, t".utf8)))
        #expect(ImageCodecError(source: path, reason: reason!).description
                == "\(path): not a PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIF or JPEG XL image (starts with 'hello, t')")
    }

    @Test("binary garbage is described in hex")
    func binaryGarbage() {
        let reason = decodeReason([0x00, 0x01, 0xFE, 0x42])
        #expect(reason == .unrecognisedFormat(leadingBytes: [0x00, 0x01, 0xFE, 0x42]))
        #expect(reason?.description == "not a PNG, JPEG, WebP, TIFF, GIF, BMP, AVIF, HEIF or JPEG XL image (starts with 0x00 0x01 0xFE 0x42)")
    }

    @Test("the extension is never trusted: a PNG named .jpg decodes as PNG")
    func pngNamedJPEG() throws {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("really-a-png.jpg").path
        try Data(Self.png).write(to: URL(fileURLWithPath: path))
        #expect(try ImageDecoder.decode(contentsOf: path).facts.format == .png)
    }

    @Test("a JPEG cut anywhere is .truncated", arguments: [1, 2, 3, 4, 10, 20, 100, 300, 600, 623, 1000, 8000, 17000, 35039, 35040, 35041])
    func truncatedJPEG(_ length: Int) {
        // chelsea.jpg is 35042 bytes: its headers end near byte 620, the scan data follows,
        // the last two bytes are the end marker.
        #expect(decodeReason(Array(Self.jpeg.prefix(length))) == .truncated)
    }

    @Test("a progressive JPEG cut in any scan is .truncated", arguments: [300, 1000, 5000, 16000, 30000, 33067])
    func truncatedProgressiveJPEG(_ length: Int) {
        #expect(decodeReason(Array(Self.progressiveJPEG.prefix(length))) == .truncated)
    }

    @Test("a PNG cut before its image data ends is .truncated", arguments: [1, 4, 8, 16, 33, 100, 3000, 60000, 120000, 240489])
    func truncatedPNG(_ length: Int) {
        #expect(decodeReason(Array(Self.png.prefix(length))) == .truncated)
    }

    @Test("a PNG cut inside its zlib trailer or the last IDAT's CRC decodes, as Pillow reads it: every pixel is there",
          arguments: [240492, 240495, 240499])
    func pngCutAfterItsPixels(_ length: Int) throws {
        // chelsea.png is 240512 bytes: deflate data up to 240492, Adler-32 to 240496, CRC to
        // 240500, IEND after. Pillow 13 reads every cut from 240490 on (it stops inflating once
        // the rows are complete); the fast path from 240492, where the deflate data is whole.
        let whole = try ImageDecoder.decode(data: Self.png, source: "whole").image
        #expect(try ImageDecoder.decode(data: Array(Self.png.prefix(length)), source: "cut").image == whole)
    }

    @Test("a PNG missing only its IEND chunk still decodes: every pixel is there")
    func pngWithoutEnd() throws {
        let whole = try ImageDecoder.decode(data: Self.png, source: "whole").image
        let cut = try ImageDecoder.decode(data: Array(Self.png.dropLast(12)), source: "cut").image
        #expect(cut == whole)
    }

    @Test("headers of truncated files are .truncated too")
    func truncatedHeaders() {
        for bytes in [Array(Self.jpeg.prefix(100)), Array(Self.png.prefix(20)), [0xFF, 0xD8], [0x89, 0x50, 0x4E]] {
            let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
                try ImageDecoder.readHeader(data: bytes, source: "cut")
            }
            #expect(reason == .truncated)
        }
    }


    @Test("flipped bytes in PNG image data are .corrupt (chunk CRCs and zlib catch every one)",
          arguments: [80_000, 120_000, 160_000, 200_000, 240_000])
    func flippedPNG(_ offset: Int) {
        guard case .corrupt(let message) = decodeReason(ByteDamage.flipped(Self.png, at: offset)) else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test("flipped bytes in JPEG scan data are .corrupt when libjpeg can tell",
          arguments: [11_680, 16_686, 21_692, 26_698, 31_704])
    func flippedJPEG(_ offset: Int) {
        // libjpeg notices damaged entropy data as a warning (bad Huffman code, data ending
        // early, or leftover "extraneous bytes" before the next marker); each fails the decode.
        let reason = decodeReason(ByteDamage.flipped(Self.jpeg, at: offset))
        guard case .corrupt(let message) = reason else {
            Issue.record("offset \(offset): \(String(describing: reason))")
            return
        }
        #expect(message.hasPrefix("Corrupt JPEG data"))
    }

    @Test("some damage in a baseline JPEG cannot be detected at all", arguments: [1_000, 5_000, 34_900])
    func undetectableJPEGDamage(_ offset: Int) throws {
        // JPEG has no checksum. When the Huffman decoder happens to resynchronise and consume
        // exactly the bytes that were there, libjpeg sees nothing wrong and no decoder can:
        // these offsets decode "successfully" to a visibly different picture. Asserted, so that
        // a change in what is detected shows up here.
        let original = try ImageDecoder.decode(data: Self.jpeg, source: "original").image
        let damaged = try ImageDecoder.decode(data: ByteDamage.flipped(Self.jpeg, at: offset), source: "damaged").image
        #expect(damaged.width == original.width && damaged.height == original.height)
        #expect(damaged != original)
    }

    @Test("failOnWarnings: false accepts damaged scan data, as Pillow does, but not truncation")
    func lenientJPEG() throws {
        let lenient = DecodeOptions(failOnWarnings: false)
        let damaged = ByteDamage.flipped(Self.jpeg, at: ByteDamage.recoverableChelseaJPEGOffset)  // strict: "39 extraneous bytes before marker 0xd9"
        let decoded = try ImageDecoder.decode(data: damaged, source: "damaged", options: lenient)
        #expect(decoded.image.width == 451 && decoded.image.height == 300)
        for length in [300, 17_000, 35_040] {
            #expect(decodeReason(Array(Self.jpeg.prefix(length)), options: lenient) == .truncated)
        }
    }

    @Test("flipped bytes in a progressive JPEG are .corrupt", arguments: [11_023, 15_747, 20_471, 25_195, 29_919])
    func flippedProgressiveJPEG(_ offset: Int) {
        guard case .corrupt = decodeReason(ByteDamage.flipped(Self.progressiveJPEG, at: offset)) else {
            Issue.record("offset \(offset): not reported as corrupt")
            return
        }
    }

    /// A PNG whose IHDR says `width x height`, with a one-row IDAT.
    static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc = typed.withUnsafeBytes { PNGChunk.checksum($0) }
            return be32(UInt32(body.count)) + typed + be32(crc)
        }
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return ImageFormat.pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0, 0, 0, 0, 1])
            + chunk("IEND", [])
    }

    @Test("a PNG header claiming 100000x100000 is refused before anything is allocated")
    func hugePNG() {
        // Decoding would need 40 GB; the test finishing at all shows nothing was allocated.
        let reason = decodeReason(Self.pngClaiming(width: 100_000, height: 100_000))
        #expect(reason == .tooManyPixels(width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(reason?.description == "100000x100000 is 10000000000 pixels, more than the limit of 100000000")
    }

    @Test("a JPEG frame header claiming 65000x65000 is refused")
    func hugeJPEG() {
        var bytes = Self.jpeg
        // Find the SOF0 marker and patch its height and width.
        let sof = (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[sof + 5] = 0xFD; bytes[sof + 6] = 0xE8       // height 65000
        bytes[sof + 7] = 0xFD; bytes[sof + 8] = 0xE8       // width 65000
        #expect(decodeReason(bytes) == .tooManyPixels(width: 65000, height: 65000, limit: 100_000_000))
    }

    @Test("maxPixels is inclusive: 451x300 = 135300 pixels")
    func pixelLimitBoundary() {
        #expect(decodeReason(Self.png, options: DecodeOptions(maxPixels: 135_300)) == nil)
        #expect(decodeReason(Self.png, options: DecodeOptions(maxPixels: 135_299))
                == .tooManyPixels(width: 451, height: 300, limit: 135_299))
        #expect(decodeReason(Self.jpeg, options: DecodeOptions(maxPixels: 135_299))
                == .tooManyPixels(width: 451, height: 300, limit: 135_299))
    }

    @Test("the memory budget: a header whose image needs more is refused before anything is allocated, at the decoded size")
    func memoryBudget() {
        // 451x300 needs 451 · 300 · 12 = 1623600 bytes by MemoryBudget's estimate.
        #expect(MemoryBudget.estimate(width: 451, height: 300) == 1_623_600)
        #expect(decodeReason(Self.png, options: DecodeOptions(memoryBudget: 1_623_600)) == nil)
        #expect(decodeReason(Self.png, options: DecodeOptions(memoryBudget: 1_623_599))
                == .exceedsMemoryBudget(width: 451, height: 300, bytes: 1_623_600, budget: 1_623_599))
        #expect(decodeReason(Self.jpeg, options: DecodeOptions(memoryBudget: 1_623_599))
                == .exceedsMemoryBudget(width: 451, height: 300, bytes: 1_623_600, budget: 1_623_599))
        // Shrink-on-load to 1/2 (226x150): the decoded size is what counts.
        var halved = DecodeOptions(memoryBudget: MemoryBudget.estimate(width: 226, height: 150))
        halved.minimumSize = { _, _ in PixelSize(width: 100, height: 60) }
        #expect(decodeReason(Self.jpeg, options: halved) == nil)
        // A 30000x30000 PNG header under a raised pixel limit: 10.8 GB, over any budget here.
        let reason = decodeReason(Self.pngClaiming(width: 30_000, height: 30_000),
                                  options: DecodeOptions(maxPixels: 1_000_000_000, memoryBudget: 1 << 30))
        #expect(reason == .exceedsMemoryBudget(width: 30_000, height: 30_000, bytes: 10_800_000_000, budget: 1 << 30))
        #expect(reason?.description == "30000x30000 needs about 10299 MiB to decode, more than the memory budget of 1024 MiB an image")
    }

    @Test("the estimate: the decoder's own buffers count when they exceed 8 bytes a pixel; it saturates, never wraps")
    func memoryEstimate() {
        // 100x10: 12,000 bytes by the per-pixel rule; 4,000 of RGBA.
        #expect(MemoryBudget.estimate(width: 100, height: 10, decoderBytes: 0) == 12_000)
        #expect(MemoryBudget.estimate(width: 100, height: 10, decoderBytes: 8_000) == 12_000)
        #expect(MemoryBudget.estimate(width: 100, height: 10, decoderBytes: 8_001) == 12_001)
        #expect(MemoryBudget.estimate(width: 100, height: 10, decoderBytes: Int.max) == Int.max)
        // Sides of 2^31 - 1: 12 · (2^31 - 1)^2 is past Int.max, which used to wrap.
        let side = Int(Int32.max)
        #expect(MemoryBudget.estimate(width: side, height: side) == Int.max)
        #expect(MemoryBudget.estimate(width: side, height: side, decoderBytes: 1) == Int.max)
    }

    @Test("a missing path is .unreadable with the system's message")
    func missingFile() {
        let path = "/nonexistent-\(UUID().uuidString)/photo.jpg"
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(contentsOf: path)
        }
        #expect(reason == .unreadable(String(cString: strerror(ENOENT))))
        #expect(ImageCodecError(source: path, reason: reason!).description == "\(path): cannot read: No such file or directory")
    }

    @Test("a directory is .unreadable")
    func directory() throws {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(contentsOf: folder.path)
        }
        #expect(reason == .unreadable(String(cString: strerror(EISDIR))))
    }

    @Test("a file without read permission is .unreadable",
          .enabled(if: geteuid() != 0, "root reads a file whatever its mode, so chmod 000 blocks nothing"))
    func noPermission() throws {
        let folder = try CodecTestHelpers.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("locked.png").path
        try Data(Self.png).write(to: URL(fileURLWithPath: path))
        chmod(path, 0)
        let reason = CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageDecoder.decode(contentsOf: path)
        }
        #expect(reason == .unreadable(String(cString: strerror(EACCES))))
    }

    @Test("structural damage before the image data is .corrupt")
    func structuralDamage() {
        // SOI immediately followed by EOI.
        #expect(decodeReason([0xFF, 0xD8, 0xFF, 0xD9]) == .corrupt("end of image marker before any image data"))
        // A PNG whose first chunk is not IHDR.
        var png = Self.png
        png[12] = 0x68   // "hHDR"
        #expect(decodeReason(png) == .corrupt("the first chunk is not IHDR"))
        // A JPEG whose scan comes before any frame header (SOF0 renamed to APP0).
        var jpeg = Self.jpeg
        let sof = (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 1] = 0xE0
        #expect(decodeReason(jpeg) == .corrupt("scan before any frame header"))
    }

    @Test("an unsupported JPEG process is .corrupt with libjpeg's message")
    func unsupportedProcess() {
        var jpeg = Self.jpeg
        let sof = (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 1] = 0xC3   // lossless
        guard case .corrupt(let message) = decodeReason(jpeg) else {
            Issue.record("not reported as corrupt")
            return
        }
        #expect(message.contains("Unsupported JPEG process"))
    }

    @Test("every error is one line naming its source")
    func descriptions() {
        let reasons: [Reason] = [.empty, .unrecognisedFormat(leadingBytes: [0x41]), .truncated, .corrupt("bad Huffman code"),
                                 .tooManyPixels(width: 2, height: 3, limit: 5), .unreadable("Permission denied"),
                                 .encodeFailed("x")]
        for reason in reasons {
            let text = ImageCodecError(source: "a/b.jpg", reason: reason).description
            #expect(text.hasPrefix("a/b.jpg: "))
            #expect(!text.contains("\n"))
        }
    }
}
