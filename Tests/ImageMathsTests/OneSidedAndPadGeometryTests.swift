@testable import ImageMaths
import Testing

/// docs/SPEC.md §3 for width-only (`Wx`) and height-only (`xH`) entries and for `--fit pad`,
/// worked by hand: a one-sided entry scales so that side matches and rounds the other half up,
/// as contain does, whatever the fit; pad rounds as Pillow's `ImageOps.contain` (Python's
/// round of a double) and centres with Python's round of half the slack.
@Suite("One-sided boxes and pad geometry")
struct OneSidedAndPadGeometryTests {
    @Test("800x: 4000×3000 → 800×600; x600: 3000×4000 → 450×600; every fit the same, nothing cut",
          arguments: FitMode.allCases)
    func oneSided(fit: FitMode) {
        let wide = ThumbnailGeometry(width: 4000, height: 3000, boxWidth: 800, boxHeight: nil, fit: fit)
        #expect(wide.scaledWidth == 800 && wide.scaledHeight == 600)
        #expect(wide.crop == PixelRect(x: 0, y: 0, width: 800, height: 600))
        #expect(wide.padding == nil && wide.outputSize == PixelSize(width: 800, height: 600))
        let tall = ThumbnailGeometry(width: 3000, height: 4000, boxWidth: nil, boxHeight: 600, fit: fit)
        #expect(tall.scaledWidth == 450 && tall.scaledHeight == 600)
        #expect(tall.crop == PixelRect(x: 0, y: 0, width: 450, height: 600))
    }

    @Test("the other side rounds half up, at least 1, as contain's: 3×2 at 3x → 3×2, 4×3 at 2x → 2×2 (1.5 up), 1000×1 at 10x → 10×1")
    func oneSidedRounding() {
        #expect(ThumbnailGeometry(width: 4, height: 3, boxWidth: 2, boxHeight: nil, fit: .contain).scaledHeight == 2)
        #expect(ThumbnailGeometry(width: 600, height: 400, boxWidth: nil, boxHeight: 11, fit: .contain).scaledWidth == 17)
        #expect(ThumbnailGeometry(width: 1000, height: 1, boxWidth: 10, boxHeight: nil, fit: .cover).scaledHeight == 1)
        // The same rounding as the contain box whose other side never binds.
        for (w, h, side) in [(451, 300, 97), (600, 400, 11), (7, 3, 2), (1, 1000, 5)] {
            let oneSided = ThumbnailGeometry(width: w, height: h, boxWidth: side, boxHeight: nil, fit: .contain)
            let box = ThumbnailGeometry(width: w, height: h, boxWidth: side, boxHeight: 65_535, fit: .contain)
            #expect(oneSided.scaledWidth == box.scaledWidth && oneSided.scaledHeight == box.scaledHeight, "\(w)x\(h) \(side)")
        }
    }

    @Test("--no-enlarge: a one-sided entry that would grow keeps the picture's size")
    func oneSidedNoEnlarge() {
        let kept = ThumbnailGeometry(width: 120, height: 80, boxWidth: 200, boxHeight: nil, fit: .cover, enlarges: false)
        #expect(kept.scaledWidth == 120 && kept.scaledHeight == 80)
        let shrunk = ThumbnailGeometry(width: 120, height: 80, boxWidth: nil, boxHeight: 40, fit: .cover, enlarges: false)
        #expect(shrunk.scaledWidth == 60 && shrunk.scaledHeight == 40)
    }

    @Test("pad rounds as ImageOps.contain: 600×400 into 64×11 → 16×11 (16.5 to even), contain's half up gives 17")
    func padRoundsToEven() throws {
        let pad = ThumbnailGeometry(width: 600, height: 400, boxWidth: 64, boxHeight: 11, fit: .pad)
        #expect(pad.scaledWidth == 16 && pad.scaledHeight == 11)
        let contain = ThumbnailGeometry(width: 600, height: 400, boxWidth: 64, boxHeight: 11, fit: .contain)
        #expect(contain.scaledWidth == 17)
        let padding = try #require(pad.padding)
        #expect(padding.canvas == PixelSize(width: 64, height: 11))
        #expect(padding.content == PixelRect(x: 24, y: 0, width: 16, height: 11))
        #expect(pad.outputSize == PixelSize(width: 64, height: 11))
        // 13.5 rounds to 14 both ways; 451×300 into 100×100: 66.52 → 67.
        #expect(ThumbnailGeometry(width: 600, height: 400, boxWidth: 64, boxHeight: 9, fit: .pad).scaledWidth == 14)
        #expect(ThumbnailGeometry(width: 451, height: 300, boxWidth: 100, boxHeight: 100, fit: .pad).scaledHeight == 67)
    }

    @Test("pad without enlarging: a small picture is centred unscaled on both axes")
    func padNoEnlarge() throws {
        let g = ThumbnailGeometry(width: 30, height: 21, boxWidth: 64, boxHeight: 40, fit: .pad, enlarges: false)
        #expect(g.scaledWidth == 30 && g.scaledHeight == 21)
        #expect(try #require(g.padding).content == PixelRect(x: 17, y: 10, width: 30, height: 21))
    }

    @Test("offsets are Python's round(slack * 0.5): halves go to the even neighbour",
          arguments: [(0, 0), (1, 0), (2, 1), (3, 2), (5, 2), (7, 4), (49, 24), (51, 26), (117, 58), (201, 100)])
    func offsets(slack: Int, offset: Int) {
        #expect(PadPlacement.offset(slack: slack) == offset)
    }

    @Test("a placement refuses a picture larger than the box, and knows when it fills it")
    func placementLimits() throws {
        #expect(PadPlacement(content: PixelSize(width: 65, height: 10), canvas: PixelSize(width: 64, height: 11)) == nil)
        #expect(PadPlacement(content: PixelSize(width: 10, height: 12), canvas: PixelSize(width: 64, height: 11)) == nil)
        #expect(try #require(PadPlacement(content: PixelSize(width: 64, height: 11),
                                          canvas: PixelSize(width: 64, height: 11))).fillsCanvas)
        #expect(try !#require(PadPlacement(content: PixelSize(width: 63, height: 11),
                                           canvas: PixelSize(width: 64, height: 11))).fillsCanvas)
    }
}
