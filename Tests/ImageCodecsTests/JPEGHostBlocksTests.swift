@testable import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// Stage 1's blocks (issue 35): a sequential file's scan entropy-decoded straight into the
/// upload (`JPEGHostBlocks`, the shim's block streams) must be libjpeg-turbo's own whole-image
/// arrays, every byte written, for every layout, padding and scan order; a damaged stream must
/// fail the write.
@Suite struct JPEGHostBlocksTests {
    /// Y, Cb, Cr sampling factors (one entry: grayscale). 4:1:1 and 4:1:0 leave up to three
    /// padding blocks a row, which libjpeg writes past the end of the row.
    static let layouts: [[(Int, Int)]] = [
        [(1, 1), (1, 1), (1, 1)], [(2, 1), (1, 1), (1, 1)], [(2, 2), (1, 1), (1, 1)], [(1, 2), (1, 1), (1, 1)],
        [(4, 1), (1, 1), (1, 1)], [(4, 2), (1, 1), (1, 1)], [(2, 2), (2, 1), (1, 1)], [(2, 1), (1, 2), (1, 1)],
        [(1, 1)],
    ]
    static let sizes = [(1, 1), (9, 17), (17, 9), (33, 31), (41, 23), (203, 157)]

    static func options(denominator: Int) -> DecodeOptions {
        var options = DecodeOptions()
        if denominator > 1 {
            options.minimumSize = { @Sendable w, h in
                PixelSize(width: max(1, w / (2 * denominator)), height: max(1, h / (2 * denominator)))
            }
        }
        return options
    }

    static func blocks(_ file: [UInt8], denominator: Int) throws -> JPEGCoefficients {
        let input = try ImageDecoder.decodeForDevice(data: file, source: "t", options: options(denominator: denominator),
                                                     stage: .coefficients)
        guard case .jpegCoefficients(let image) = input else { throw NotRead() }
        return image.coefficients
    }

    struct NotRead: Error {}

    /// The blocks written by `streamed` into a buffer first filled with 0x5A, so that a byte
    /// the write leaves alone shows; nil when the write fails.
    static func written(_ coefficients: JPEGCoefficients, streamed: Bool, spare: Int = 0) throws -> [UInt8]? {
        let blocks = try #require(coefficients.hostBlocks)
        var bytes = [UInt8](repeating: 0x5A, count: blocks.blockCount * 128 + spare)
        guard bytes.withUnsafeMutableBytes({ blocks.write(into: $0, streamed: streamed) }) else { return nil }
        return bytes
    }

    @Test("streamed blocks are libjpeg-turbo's arrays: every layout, size, restart interval, one scan or one a component")
    func streamedEqualsLibjpeg() throws {
        var checked = 0
        for layout in Self.layouts {
            for (width, height) in Self.sizes {
                let image = TestImages.noise(width: width, height: height, seed: UInt64(width * 7 + height))
                for restartRows in [0, 1] {
                    let file = try JPEGLayoutWriter.write(image, sampling: layout, restartRows: restartRows,
                                                          grayscale: layout.count == 1)
                    let perComponent = try JPEGScanRewriter.scanPerComponent(file)
                    for denominator in [1, 8] {
                        let name = "\(layout) \(width)x\(height) r\(restartRows) 1/\(denominator)"
                        let coefficients = try Self.blocks(file, denominator: denominator)
                        #expect(coefficients.hostBlocks?.readWithFile == false, "\(name)")
                        let reference = try #require(try Self.written(coefficients, streamed: false), "\(name)")
                        #expect(try Self.written(coefficients, streamed: true) == reference, "\(name)")
                        // The same coefficients in one scan a component: libjpeg asks for each
                        // component's rows in turn (read with the file: a component is not in the first scan).
                        let rewritten = try Self.blocks(perComponent, denominator: denominator)
                        #expect(try Self.written(rewritten, streamed: true) == reference, "\(name), a scan a component")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.layouts.count * Self.sizes.count * 4)
    }

    @Test("a progressive file's blocks are read with the file, as libjpeg-turbo's arrays hold them")
    func progressive() throws {
        for layout in Self.layouts {
            let image = TestImages.noise(width: 41, height: 23, seed: 5)
            let file = try JPEGLayoutWriter.write(image, sampling: layout, progressive: true, grayscale: layout.count == 1)
            let coefficients = try Self.blocks(file, denominator: 1)
            #expect(coefficients.hostBlocks?.readWithFile == true && coefficients.scanReadOnHost, "\(layout)")
            let sequential = try Self.blocks(try JPEGLayoutWriter.write(image, sampling: layout,
                                                                        grayscale: layout.count == 1), denominator: 1)
            // Same quantisation, same coefficients: progressive coding is lossless over them.
            #expect(try Self.written(coefficients, streamed: true) == Self.written(sequential, streamed: false),
                    "\(layout)")
        }
    }

    @Test("a damaged scan fails the write, which the read of the file no longer sees")
    func damagedScan() throws {
        let image = TestImages.noise(width: 203, height: 157, seed: 3)
        let file = try JPEGLayoutWriter.write(image)
        let sos = try #require((0..<file.count - 1).last { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        var cut = Array(file[..<(sos + (file.count - sos) / 2)])
        cut += [0xFF, 0xD9]
        var marker = file
        marker[sos + 40] = 0xFF
        marker[sos + 41] = 0xD3   // a restart marker in a file without restart intervals
        for (name, damaged) in [("cut", cut), ("marker", marker)] {
            let coefficients = try Self.blocks(damaged, denominator: 1)
            #expect(!coefficients.scanReadOnHost, "\(name)")
            #expect(try Self.written(coefficients, streamed: true) == nil, "\(name)")
            #expect(coefficients.hostBlockArrays() == nil, "\(name)")
        }
    }

    @Test("a buffer short of the blocks is refused")
    func shortBuffer() throws {
        let coefficients = try Self.blocks(try JPEGLayoutWriter.write(TestImages.noise(width: 33, height: 31, seed: 1)),
                                           denominator: 1)
        let blocks = try #require(coefficients.hostBlocks)
        var bytes = [UInt8](repeating: 0, count: blocks.blockCount * 128 - 1)
        #expect(!bytes.withUnsafeMutableBytes { blocks.write(into: $0) })
        #expect(try Self.written(coefficients, streamed: true, spare: 0) != nil)
    }
}
