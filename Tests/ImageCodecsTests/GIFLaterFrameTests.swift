import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// A later GIF frame reaching past the canvas (the screen, grown to the first frame): only its
/// part on the canvas is drawn, and only that part is held, however large the frame declares
/// itself. FuzzAnimation found a frame declaring 807 million pixels on a 24 × 18 canvas; its
/// indices were allocated whole before a row was read.
@Suite struct GIFLaterFrameTests {
    /// Four gray levels (index i is 0x40·i) on a 4 × 4 screen: frame 0 all index 0, then one
    /// later frame at `rect` whose image data is `data` (LZW of indices, or cut short).
    static func gif(later rect: GIFRect, interlaced: Bool = false, laterIndices: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        GIFBlocks.header(width: 4, height: 4, globalTableBits: 1, into: &out)
        GIFBlocks.colourTable([0x000000, 0x404040, 0x808080, 0xC0C0C0], bits: 1, into: &out)
        GIFBlocks.imageDescriptor(GIFRect(x: 0, y: 0, width: 4, height: 4), localTableBits: nil, into: &out)
        GIFLZWEncoder.encode([UInt8](repeating: 0, count: 16), minimumCodeSize: 2, into: &out)
        GIFBlocks.imageDescriptor(rect, localTableBits: nil, into: &out)
        if interlaced { out[out.count - 1] |= 0x40 }
        GIFLZWEncoder.encode(laterIndices, minimumCodeSize: 2, into: &out)
        out.append(0x3B)
        return out
    }

    static var allFrames: DecodeOptions {
        var options = DecodeOptions()
        options.frames = .all
        return options
    }

    /// The red channel of each pixel of the second frame.
    static func secondFrame(_ file: [UInt8]) throws -> [UInt8] {
        let decoded = try ImageDecoder.decode(data: file, source: "l.gif", options: allFrames)
        let frame = try #require(try decoded.animation?.next())
        #expect(frame.pixels.width == 4 && frame.pixels.height == 4)
        return stride(from: 0, to: 64, by: 4).map { frame.pixels.pixels[$0] }
    }

    @Test("a frame overhanging the right and bottom edges is drawn clipped", arguments: [false, true])
    func overhangIsClipped(interlaced: Bool) throws {
        // A 5 × 3 frame at (2, 2): row r, column c holds index (r + c) % 4 + ... laid out in
        // picture order; an interlaced file stores rows 0, 2, 1 (passes from 0 by 8, 4 by 8,
        // 2 by 4, 1 by 2).
        let rows: [[UInt8]] = [[1, 2, 3, 1, 2], [3, 1, 2, 3, 1], [2, 3, 1, 2, 3]]
        let stored = interlaced ? [rows[0], rows[2], rows[1]] : rows
        let file = Self.gif(later: GIFRect(x: 2, y: 2, width: 5, height: 3), interlaced: interlaced,
                            laterIndices: stored.flatMap { $0 })
        // Rows 2 and 3 of the canvas get the frame's first two columns of its rows 0 and 1.
        #expect(try Self.secondFrame(file) == [0, 0, 0, 0,
                                               0, 0, 0, 0,
                                               0, 0, 0x40, 0x80,
                                               0, 0, 0xC0, 0x40])
    }

    @Test("a frame lying wholly off the canvas leaves it as it was")
    func frameOffTheCanvas() throws {
        let file = Self.gif(later: GIFRect(x: 9, y: 1, width: 2, height: 2), laterIndices: [1, 2, 3, 1])
        #expect(try Self.secondFrame(file) == [UInt8](repeating: 0, count: 16))
    }

    @Test("a frame declaring 65535 × 65535 with a few pixels' data: truncated, nothing large allocated")
    func hugeDeclaredFrame() throws {
        let file = Self.gif(later: GIFRect(x: 0, y: 0, width: 65535, height: 65535), laterIndices: [1, 2, 3, 1, 2, 3])
        let decoded = try ImageDecoder.decode(data: file, source: "h.gif", options: Self.allFrames)
        let before = Self.pagesTouchedByThisThread()
        #expect(throws: ImageCodecError(source: "h.gif", reason: .truncated)) { _ = try decoded.animation?.next() }
        let touched = Self.pagesTouchedByThisThread() - before
        // The whole frame's indices would be 4.3 GB, about a million pages.
        #expect(touched < 2_000, "\(touched) pages touched")
    }

    private static func pagesTouchedByThisThread() -> Int {
        var usage = rusage()
        let thisThread: Int32 = 1   // RUSAGE_THREAD
        getrusage(.init(thisThread), &usage)
        return usage.ru_minflt
    }
}

/// The input FuzzAnimation found (Fuzz/regressions/animation), read as the target reads it.
@Suite struct GIFLaterFrameRegressionTests {
    @Test func theFuzzFindingReadsWithinItsCanvas() throws {
        let url = RepositoryPaths.root.appendingPathComponent("Fuzz/regressions/animation/gif-frame-of-807-million-pixels.gif")
        let bytes = try [UInt8](Data(contentsOf: url))
        var options = DecodeOptions(maxPixels: 1 << 20, memoryBudget: 1 << 27)
        options.frames = .all
        options.maxFrames = 4
        let decoded = try ImageDecoder.decode(data: bytes, source: "f.gif", options: options)
        // A later frame declares hundreds of millions of pixels over the 24 × 18 canvas, and
        // its data ends long before.
        #expect(throws: ImageCodecError(source: "f.gif", reason: .truncated)) { _ = try decoded.animation?.next() }
    }
}
