@testable import ImageMaths
import Testing

/// docs/SPEC.md §3 for boxes by hand: the side whose scale wins matches the box (cover: the
/// larger scale; contain: the smaller), the other is rounded half up, at least the box's
/// (cover) or 1 (contain); without enlarging, a scale above 1 becomes 1.
@Suite("Thumbnail box geometry")
struct ThumbnailBoxGeometryTests {
    @Test("entries: N, WxH (either x), and what is refused")
    func parsing() {
        #expect(ThumbnailSize("512") == ThumbnailSize(side: 512))
        #expect(ThumbnailSize("640x480") == ThumbnailSize(width: 640, height: 480))
        #expect(ThumbnailSize("640X480") == ThumbnailSize(width: 640, height: 480))
        #expect(ThumbnailSize("512")?.description == "512")
        #expect(ThumbnailSize("0640x0480")?.description == "640x480")
        #expect(ThumbnailSize("65535x1")?.description == "65535x1")
        // The square entry and the square box are the same box, named differently.
        #expect(ThumbnailSize("512x512")?.isSquare == false)
        for bad in ["", "0", "65536", "x", "X", "0x", "x0", "640x0", "0x480", "640x65536", "640xx", "xx480", "640x480x2", "-5", "+5", " 5", "5.0", "640*480", "1e3", "٣"] {
            #expect(ThumbnailSize(bad) == nil, "\(bad)")
        }
    }

    @Test("4000×3000 cover 640×480: the ratios tie, 640×480 whole")
    func coverTie() {
        let g = ThumbnailGeometry(width: 4000, height: 3000, boxWidth: 640, boxHeight: 480, fit: .cover)
        #expect(g.scaledWidth == 640 && g.scaledHeight == 480)
        #expect(g.crop == PixelRect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test("4000×3000 cover 300×400: height matches, width (4000·400·2 + 3000) / 6000 = 533, crop x 116")
    func coverTallBox() {
        let g = ThumbnailGeometry(width: 4000, height: 3000, boxWidth: 300, boxHeight: 400, fit: .cover)
        #expect(g.scaledWidth == 533 && g.scaledHeight == 400)
        #expect(g.crop == PixelRect(x: 116, y: 0, width: 300, height: 400))
    }

    @Test("4000×3000 cover 800×100: width matches, height (3000·800·2 + 4000) / 8000 = 600, crop y 250")
    func coverWideBox() {
        let g = ThumbnailGeometry(width: 4000, height: 3000, boxWidth: 800, boxHeight: 100, fit: .cover)
        #expect(g.scaledWidth == 800 && g.scaledHeight == 600)
        #expect(g.crop == PixelRect(x: 0, y: 250, width: 800, height: 100))
    }

    @Test("4000×3000 contain 300×400: width matches, height (3000·300·2 + 4000) / 8000 = 225")
    func containTallBox() {
        let g = ThumbnailGeometry(width: 4000, height: 3000, boxWidth: 300, boxHeight: 400, fit: .contain)
        #expect(g.scaledWidth == 300 && g.scaledHeight == 225)
        #expect(g.crop == PixelRect(x: 0, y: 0, width: 300, height: 225))
    }

    @Test("3000×4000 contain 800×100: height matches, width (3000·100·2 + 4000) / 8000 = 75")
    func containWideBox() {
        let g = ThumbnailGeometry(width: 3000, height: 4000, boxWidth: 800, boxHeight: 100, fit: .contain)
        #expect(g.scaledWidth == 75 && g.scaledHeight == 100)
    }

    @Test("1000×1 contain 10×10: the other side is at least 1")
    func containAtLeastOne() {
        let g = ThumbnailGeometry(width: 1000, height: 1, boxWidth: 10, boxHeight: 10, fit: .contain)
        #expect(g.scaledWidth == 10 && g.scaledHeight == 1)
    }

    @Test("no-enlarge: 300×200 contain 640×480 keeps 300×200; contain 100×1000 still shrinks to 100×67")
    func containNoEnlarge() {
        let kept = ThumbnailGeometry(width: 300, height: 200, boxWidth: 640, boxHeight: 480, fit: .contain, enlarges: false)
        #expect(kept.scaledWidth == 300 && kept.scaledHeight == 200)
        #expect(kept.crop == PixelRect(x: 0, y: 0, width: 300, height: 200))
        let shrunk = ThumbnailGeometry(width: 300, height: 200, boxWidth: 100, boxHeight: 1000, fit: .contain, enlarges: false)
        #expect(shrunk.scaledWidth == 100 && shrunk.scaledHeight == 67)
        let enlarged = ThumbnailGeometry(width: 300, height: 200, boxWidth: 640, boxHeight: 480, fit: .contain)
        #expect(enlarged.scaledWidth == 640 && enlarged.scaledHeight == 427)
    }

    @Test("no-enlarge: 300×200 cover 1000×100 scales by 1 and cuts 300×100 from the centre; cover 150 shrinks")
    func coverNoEnlarge() {
        let cut = ThumbnailGeometry(width: 300, height: 200, boxWidth: 1000, boxHeight: 100, fit: .cover, enlarges: false)
        #expect(cut.scaledWidth == 300 && cut.scaledHeight == 200)
        #expect(cut.crop == PixelRect(x: 0, y: 50, width: 300, height: 100))
        let square = ThumbnailGeometry(width: 300, height: 200, boxWidth: 250, boxHeight: 250, fit: .cover, enlarges: false)
        #expect(square.scaledWidth == 300 && square.scaledHeight == 200)
        #expect(square.crop == PixelRect(x: 25, y: 0, width: 250, height: 200))
        let shrunk = ThumbnailGeometry(width: 300, height: 200, boxWidth: 150, boxHeight: 150, fit: .cover, enlarges: false)
        #expect(shrunk.scaledWidth == 225 && shrunk.scaledHeight == 150)
        #expect(shrunk.crop == PixelRect(x: 37, y: 0, width: 150, height: 150))
    }

    @Test("a square box is the single size of before, for every gravity and both fits")
    func squareBoxIsTheSize() {
        var seed: UInt64 = 0x5EED
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        for _ in 0..<2000 {
            let w = next(1...5000), h = next(1...5000), n = next(1...1200)
            // Pad rounds as Pillow's ImageOps.contain, not as these formulas (OneSidedAndPadGeometryTests).
            for fit in [FitMode.cover, .contain] {
                for gravity in Gravity.allCases {
                    let box = ThumbnailGeometry(width: w, height: h, boxWidth: n, boxHeight: n, fit: fit, gravity: gravity)
                    let reference = SquareReference(width: w, height: h, n: n, fit: fit, gravity: gravity)
                    #expect(box.scaledWidth == reference.width && box.scaledHeight == reference.height
                            && box.crop == reference.crop, "\(w)x\(h) \(fit) \(n) \(gravity)")
                }
            }
        }
    }
}

/// The square formulas of docs/SPEC.md §3 as they were written before boxes (longer and
/// shorter side), to hold the box rule to them.
private struct SquareReference {
    let width: Int
    let height: Int
    let crop: PixelRect

    init(width: Int, height: Int, n: Int, fit: FitMode, gravity: Gravity) {
        let long = max(width, height), short = min(width, height)
        let scaledLong: Int, scaledShort: Int
        switch fit {
        case .cover:
            scaledShort = n
            scaledLong = max(n, (long * n * 2 + short) / (2 * short))
        case .contain, .pad:
            scaledLong = n
            scaledShort = max(1, (short * n * 2 + long) / (2 * long))
        }
        let landscape = width >= height
        let w = landscape ? scaledLong : scaledShort, h = landscape ? scaledShort : scaledLong
        (self.width, self.height) = (w, h)
        crop = fit == .contain ? PixelRect(x: 0, y: 0, width: w, height: h)
            : gravity.square(side: n, inWidth: w, height: h)
    }
}
