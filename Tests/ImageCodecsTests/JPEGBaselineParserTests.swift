import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// The host side of the device's Huffman decode (issue 35 stage 2): which files the parser
/// hands to the device, the restart intervals it finds, and the Huffman tables it derives.
@Suite struct JPEGBaselineParserTests {
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/OpenCLComputeTests/Fixtures/jpeg-restart")

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func parse(_ file: [UInt8]) -> JPEGEntropyScan? {
        file.withUnsafeBytes { JPEGBaselineParser.parse($0) }
    }

    @Test("restart intervals: one per N MCUs, each starting at MCU index x N, the last one shorter")
    func restartIntervals() throws {
        // 67x41 at 4:2:0: 5 x 3 MCUs of 16x16, a restart every 7 MCUs.
        let scan = try #require(Self.parse(try Self.fixture("420-rb7.jpg")))
        #expect(scan.mcusPerRow == 5 && scan.mcuCount == 15 && scan.blocksPerMCU == 6)
        #expect(scan.intervalCount == 3)
        let firsts = stride(from: 2, to: scan.intervals.count, by: 4).map { scan.intervals[$0] }
        let counts = stride(from: 3, to: scan.intervals.count, by: 4).map { scan.intervals[$0] }
        #expect(firsts == [0, 7, 14] && counts == [7, 7, 1])
        // Without the markers, each interval ends where the next one starts.
        #expect(scan.intervals[1] == scan.intervals[4] && scan.intervals[5] == scan.intervals[8])
        #expect(Int(scan.intervals[9]) == scan.bytes.count)
        // Grayscale is one block an MCU, one MCU a block: 53x31 is 7 x 4 blocks.
        let gray = try #require(Self.parse(try Self.fixture("gray-rb5.jpg")))
        #expect(gray.mcusPerRow == 7 && gray.mcuCount == 28 && gray.blocksPerMCU == 1 && gray.intervalCount == 6)
        let plain = try #require(Self.parse(try Self.fixture("444-none.jpg")))
        #expect(plain.intervalCount == 1 && plain.intervals[3] == Int32(plain.mcuCount))
    }

    @Test("the data the device reads: each stuffed 0xFF00 one 0xFF, the restart markers gone")
    func destuffedData() throws {
        let file = try Self.fixture("420-rr1.jpg")
        let scan = try #require(Self.parse(file))
        // The entropy-coded segment as it is in the file: after the SOS header, up to EOI.
        let sos = try #require((0..<file.count - 1).first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        let start = sos + 2 + (Int(file[sos + 2]) << 8 | Int(file[sos + 3]))
        let segment = Array(file[start..<file.count - 2])
        var expected: [UInt8] = [], ends: [Int] = [], at = 0
        while at < segment.count {
            if segment[at] == 0xFF, at + 1 < segment.count, (0xD0...0xD7).contains(segment[at + 1]) {
                ends.append(expected.count)
                at += 2
                continue
            }
            expected.append(segment[at])
            at += segment[at] == 0xFF ? 2 : 1
        }
        ends.append(expected.count)
        #expect(segment.count > expected.count + 2 * (ends.count - 1), "the fixture has stuffed bytes")
        #expect(scan.bytes == expected)
        #expect(stride(from: 1, to: scan.intervals.count, by: 4).map { Int(scan.intervals[$0]) } == ends)
        #expect(stride(from: 0, to: scan.intervals.count, by: 4).map { Int(scan.intervals[$0]) } == [0] + ends.dropLast())
    }

    /// Whether the device's decode stops at the scan (stage 2) or at the coefficients.
    static func takesStage2(_ file: [UInt8], _ stage: JPEGDeviceStage) throws -> Bool {
        let options = DecodeOptions()
        guard case .jpegCoefficients(let image) = try ImageDecoder.decodeForDevice(data: file, source: "t", options: options,
                                                                                   stage: stage) else { return false }
        return image.coefficients.entropyScan != nil
    }

    @Test("stage 2 takes a baseline file whatever its restart intervals; stage 1 keeps the coefficients")
    func anyIntervals() throws {
        // 544x496 at 4:2:0: 34 x 31 = 1,054 MCUs in one interval, or intervals of 30 MCU rows.
        let long = try JPEGLayoutWriter.write(TestImages.noise(width: 544, height: 496, seed: 1), quality: 50)
        let restarts = try JPEGLayoutWriter.write(TestImages.noise(width: 544, height: 496, seed: 1),
                                                  quality: 50, restartRows: 30)
        #expect(try #require(Self.parse(long)).intervalCount == 1)
        #expect(try #require(Self.parse(restarts)).intervalCount == 2)
        #expect(try Self.takesStage2(long, .entropy))
        #expect(try Self.takesStage2(restarts, .entropy))
        #expect(try !Self.takesStage2(long, .coefficients))
    }

    @Test("progressive, damaged and odd streams are left to stage 1")
    func declines() throws {
        let progressive = try [UInt8](Data(contentsOf: RepositoryPaths.root.appendingPathComponent("samples/chelsea-progressive.jpg")))
        #expect(Self.parse(progressive) == nil)
        let file = try Self.fixture("420-rr1.jpg")
        #expect(Self.parse(file) != nil)
        let markers = (0..<file.count - 1).filter { file[$0] == 0xFF && (0xD0...0xD7).contains(file[$0 + 1]) }
        var wrong = file
        wrong[markers[1] + 1] = 0xD3
        #expect(Self.parse(wrong) == nil)
        var fill = file
        fill.insert(0xFF, at: markers[0])       // an 0xFF fill byte before the RST
        #expect(Self.parse(fill) == nil)
        var stuffed = file
        stuffed.insert(contentsOf: [0xFF, 0x00], at: markers[0])   // a stuffed 0xFF: still data
        #expect(Self.parse(stuffed) != nil)
        var junk = file
        junk.insert(0x41, at: 2)                // a stray byte between SOI and APP0
        #expect(Self.parse(junk) == nil)
        // An SOS segment with no body, at the very end of the bytes.
        let sos = try #require((0..<file.count - 1).first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        #expect(Self.parse(Array(file[..<sos]) + [0xFF, 0xDA, 0x00, 0x02]) == nil)
        // Every cut-short copy is declined (no EOI), and no prefix traps.
        for end in 0..<file.count - 1 {
            #expect(Self.parse(Array(file[..<end])) == nil, "cut at \(end)")
        }
    }

    @Test("Huffman tables: canonical codes, lookahead, and the tables libjpeg refuses")
    func huffmanTables() throws {
        // JPEG Annex K's luminance DC table: 00 is 0; 010...110 are 1...5; 1110 is 6; ...
        let counts: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
        let table = try #require(JPEGHuffmanTable(counts: counts, values: Array(0...11), isDC: true))
        #expect(table.maxcode[2] == 0 && table.maxcode[3] == 6 && table.maxcode[4] == 14 && table.maxcode[1] == -1)
        #expect(table.valoffset[3] == 1 - 2)
        #expect(table.lookahead[0b000_000_000] == 2 << 8 | 0 && table.lookahead[0b001_111_111] == 2 << 8 | 0)
        #expect(table.lookahead[0b010_000_000] == 3 << 8 | 1 && table.lookahead[0b111_000_000] == 4 << 8 | 6)
        #expect(table.lookahead[0b111_111_110] == 9 << 8 | 11 && table.lookahead[0b111_111_111] == 0)
        #expect(table.deviceLayout.count == JPEGHuffmanTable.deviceInts)
        // Three codes of length 1 do not fit; a DC symbol past 15; counts and values disagreeing.
        #expect(JPEGHuffmanTable(counts: [3] + [UInt8](repeating: 0, count: 15), values: [0, 1, 2], isDC: false) == nil)
        #expect(JPEGHuffmanTable(counts: [0, 1] + [UInt8](repeating: 0, count: 14), values: [16], isDC: true) == nil)
        #expect(JPEGHuffmanTable(counts: [0, 1] + [UInt8](repeating: 0, count: 14), values: [16], isDC: false) != nil)
        #expect(JPEGHuffmanTable(counts: [0, 2] + [UInt8](repeating: 0, count: 14), values: [1], isDC: false) == nil)
        // Two codes of length 1 make the all-ones code: libjpeg refuses it.
        #expect(JPEGHuffmanTable(counts: [2] + [UInt8](repeating: 0, count: 15), values: [0, 1], isDC: false) == nil)
    }
}
