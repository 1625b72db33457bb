@testable import ImageMaths
import Testing

/// docs/SPEC.md §3 by hand: cover makes the shorter side N and the longer
/// `max(N, (L·N·2 + S) / (2·S))`; contain makes the longer side N and the shorter
/// `max(1, (S·N·2 + L) / (2·L))`; the crop offset is half the slack (integer division).
@Suite("Thumbnail geometry")
struct ThumbnailGeometryTests {
    @Test("4000×3000 cover 512: 683×512, centre crop at x 85")
    func landscapeCover() {
        // (4000·512·2 + 3000) / 6000 = 4099000 / 6000 = 683; slack 171 → x0 = 85.
        let g = ThumbnailGeometry(width: 4000, height: 3000, size: 512, fit: .cover)
        #expect(g.scaledWidth == 683 && g.scaledHeight == 512)
        #expect(g.crop == PixelRect(x: 85, y: 0, width: 512, height: 512))
    }

    @Test("3000×4000 cover 512: 512×683, centre crop at y 85")
    func portraitCover() {
        let g = ThumbnailGeometry(width: 3000, height: 4000, size: 512, fit: .cover)
        #expect(g.scaledWidth == 512 && g.scaledHeight == 683)
        #expect(g.crop == PixelRect(x: 0, y: 85, width: 512, height: 512))
    }

    @Test("square input: N×N in both modes, no offset")
    func square() {
        for fit in FitMode.allCases {
            let g = ThumbnailGeometry(width: 512, height: 512, size: 512, fit: fit)
            #expect(g.scaledWidth == 512 && g.scaledHeight == 512)
            #expect(g.crop == PixelRect(x: 0, y: 0, width: 512, height: 512))
        }
        let up = ThumbnailGeometry(width: 100, height: 100, size: 512, fit: .cover)
        #expect(up.scaledWidth == 512 && up.scaledHeight == 512)
    }

    @Test("1×1000 contain 512: 1×512 (the shorter side never reaches 0)")
    func thinContain() {
        // (1·512·2 + 1000) / 2000 = 2024 / 2000 = 1.
        let g = ThumbnailGeometry(width: 1, height: 1000, size: 512, fit: .contain)
        #expect(g.scaledWidth == 1 && g.scaledHeight == 512)
        #expect(g.crop == PixelRect(x: 0, y: 0, width: 1, height: 512))
    }

    @Test("1×1000 cover 512: the long side grows to 512000, crop in the middle")
    func thinCover() {
        // (1000·512·2 + 1) / 2 = 1024001 / 2 = 512000; slack 511488 → y0 = 255744.
        let g = ThumbnailGeometry(width: 1, height: 1000, size: 512, fit: .cover)
        #expect(g.scaledWidth == 512 && g.scaledHeight == 512000)
        #expect(g.crop == PixelRect(x: 0, y: 255744, width: 512, height: 512))
    }

    @Test("4000×3000 contain 512: 512×384")
    func landscapeContain() {
        // (3000·512·2 + 4000) / 8000 = 3076000 / 8000 = 384.
        let g = ThumbnailGeometry(width: 4000, height: 3000, size: 512, fit: .contain)
        #expect(g.scaledWidth == 512 && g.scaledHeight == 384)
        #expect(g.crop == PixelRect(x: 0, y: 0, width: 512, height: 384))
    }

    @Test("rounding of the long side: 1001×1000 cover 100 → 100 (half rounds up only from .5)")
    func longSideRounding() {
        // (1001·100·2 + 1000) / 2000 = 201200 / 2000 = 100; 1005×1000: 202000/2000 = 101.
        #expect(ThumbnailGeometry(width: 1001, height: 1000, size: 100, fit: .cover).scaledWidth == 100)
        #expect(ThumbnailGeometry(width: 1005, height: 1000, size: 100, fit: .cover).scaledWidth == 101)
    }

    @Test("gravity moves the crop to an edge", arguments: [
        (Gravity.centre, PixelRect(x: 85, y: 0, width: 512, height: 512)),
        (.north, PixelRect(x: 85, y: 0, width: 512, height: 512)),
        (.south, PixelRect(x: 85, y: 0, width: 512, height: 512)),
        (.west, PixelRect(x: 0, y: 0, width: 512, height: 512)),
        (.east, PixelRect(x: 171, y: 0, width: 512, height: 512)),
    ])
    func gravityLandscape(gravity: Gravity, expected: PixelRect) {
        #expect(ThumbnailGeometry(width: 4000, height: 3000, size: 512, fit: .cover, gravity: gravity).crop == expected)
    }

    @Test("gravity on a portrait picture", arguments: [
        (Gravity.centre, 85), (.north, 0), (.south, 171), (.east, 85), (.west, 85),
    ])
    func gravityPortrait(gravity: Gravity, y: Int) {
        #expect(ThumbnailGeometry(width: 3000, height: 4000, size: 512, fit: .cover, gravity: gravity).crop
            == PixelRect(x: 0, y: y, width: 512, height: 512))
    }

    @Test("the resample plan cuts the geometry's window")
    func plan() throws {
        let g = ThumbnailGeometry(width: 3000, height: 4000, size: 512, fit: .cover, gravity: .south)
        let plan = g.resamplePlan(inputWidth: 3000, inputHeight: 4000, filter: .lanczos)
        #expect(plan.outputWidth == 512 && plan.outputHeight == 683 && plan.window == g.crop)
        let h = try #require(plan.horizontal), v = try #require(plan.vertical)
        #expect(h.count == 512 && v.count == 512)
        // South: the last output row reads down to the last input row.
        let full = ResampleWeights.compute(inSize: 4000, outSize: 683, filter: .lanczos)
        #expect(plan.sourceRows == full.sourceSpan(of: 171..<683))
        #expect(plan.sourceRows.upperBound == 4000)
        #expect(v.start(0) == full.start(171) - plan.sourceRows.lowerBound)
    }
}
