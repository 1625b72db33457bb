@testable import ImageCodecs
import ImageMaths
import Testing

/// Shrink-on-load: the denominator choice (pure) and what the decoder does with it.
@Suite("Codec: shrink-on-load")
struct ShrinkOnLoadTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var width: Int, height: Int, minimumWidth: Int, minimumHeight: Int, expected: Int
        var testDescription: String { "\(width)x\(height) needing \(minimumWidth)x\(minimumHeight) -> 1/\(expected)" }
    }

    static let cases: [Case] = [
        Case(width: 8000, height: 6000, minimumWidth: 500, minimumHeight: 375, expected: 8),   // exactly 2x at 1/8
        Case(width: 8001, height: 6000, minimumWidth: 500, minimumHeight: 376, expected: 4),   // height 750 < 752 at 1/8
        Case(width: 4000, height: 3000, minimumWidth: 683, minimumHeight: 512, expected: 2),   // cover 512 of 4:3
        Case(width: 4000, height: 3000, minimumWidth: 256, minimumHeight: 256, expected: 4),
        Case(width: 100, height: 100, minimumWidth: 25, minimumHeight: 25, expected: 2),
        Case(width: 100, height: 100, minimumWidth: 26, minimumHeight: 25, expected: 1),
        Case(width: 100, height: 100, minimumWidth: 60, minimumHeight: 60, expected: 1),
        Case(width: 9, height: 9, minimumWidth: 1, minimumHeight: 1, expected: 4),             // 9 // 2 = 4, as Pillow (ceil(9/8) = 2 would allow 1/8)
        Case(width: 16, height: 16, minimumWidth: 1, minimumHeight: 1, expected: 8),
        Case(width: 15, height: 9, minimumWidth: 1, minimumHeight: 2, expected: 2),
        Case(width: 1, height: 1, minimumWidth: 0, minimumHeight: 0, expected: 8),
        Case(width: 3000, height: 4000, minimumWidth: 512, minimumHeight: 683, expected: 2),   // portrait
    ]

    @Test("denominator: the largest d with both sides at least d times twice the minimum (Pillow's draft)", arguments: cases)
    func denominator(_ c: Case) {
        #expect(ShrinkOnLoad.denominator(width: c.width, height: c.height,
                                         minimumWidth: c.minimumWidth, minimumHeight: c.minimumHeight) == c.expected)
    }

    @Test("scaled sizes round up, as TJSCALED does")
    func scaledSize() {
        #expect(ShrinkOnLoad.scaledSize(451, denominator: 2) == 226)
        #expect(ShrinkOnLoad.scaledSize(451, denominator: 8) == 57)
        #expect(ShrinkOnLoad.scaledSize(400, denominator: 8) == 50)
        #expect(ShrinkOnLoad.scaledSize(1, denominator: 8) == 1)
    }

    @Test("the decoder decodes at the chosen scale", arguments: [
        (64, 64, 2), (128, 128, 1), (112, 75, 2), (113, 75, 1), (32, 20, 4), (28, 18, 8), (28, 19, 4),
        (10, 10, 8), (0, 0, 8),
    ])
    func decodedSize(minimumWidth: Int, minimumHeight: Int, expected: Int) throws {
        // chelsea.jpg is 451x300: 1/2 = 226x150, 1/4 = 113x75, 1/8 = 57x38.
        let options = DecodeOptions(minimumSize: { _, _ in PixelSize(width: minimumWidth, height: minimumHeight) })
        let decoded = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.jpg"), options: options)
        let d = ShrinkOnLoad.denominator(width: 451, height: 300, minimumWidth: minimumWidth, minimumHeight: minimumHeight)
        #expect(d == expected)
        #expect(decoded.facts.scaleDenominator == expected)
        #expect(decoded.image.width == (451 + expected - 1) / expected)
        #expect(decoded.image.height == (300 + expected - 1) / expected)
        #expect(decoded.facts.sourceWidth == 451 && decoded.facts.sourceHeight == 300)
    }

    @Test("the minimum is asked for the oriented size, and the result is oriented")
    func orientedRequest() throws {
        // coffee-exif-rotated.jpg is stored 400x600 with orientation 6: shown as 600x400. The
        // closure asks for little only if it is shown the landscape size.
        let options = DecodeOptions(minimumSize: { w, h in w > h ? PixelSize(width: w / 4, height: h / 4) : PixelSize(width: w, height: h) })
        let decoded = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("coffee-exif-rotated.jpg"), options: options)
        #expect(decoded.facts.scaleDenominator == 2)
        #expect(decoded.facts.sourceWidth == 600 && decoded.facts.sourceHeight == 400)
        #expect(decoded.image.width == 300 && decoded.image.height == 200)
        #expect(decoded.metadata.orientation == .rightTop)
    }

    @Test("without orientation the minimum refers to the stored size")
    func unorientedRequest() throws {
        let options = DecodeOptions(applyOrientation: false, minimumSize: { w, h in w > h ? PixelSize(width: w / 4, height: h / 4) : PixelSize(width: w, height: h) })
        let decoded = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("coffee-exif-rotated.jpg"), options: options)
        #expect(decoded.facts.scaleDenominator == 1)
        #expect(decoded.facts.sourceWidth == 400 && decoded.facts.sourceHeight == 600)
        #expect(decoded.image.width == 400 && decoded.image.height == 600)
    }

    @Test("PNGs are always decoded at full size")
    func pngFullSize() throws {
        let options = DecodeOptions(minimumSize: { _, _ in PixelSize(width: 1, height: 1) })
        let decoded = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png"), options: options)
        #expect(decoded.facts.scaleDenominator == 1)
        #expect(decoded.image.width == 451 && decoded.image.height == 300)
    }
}
