@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageEffects
import ImageMaths
import Testing

/// The glitch filter on a 5×3 image whose every byte names its position:
/// R = 10x + y, G = 50 + 10x + y, B = 100 + 10x + y, A = 150 + 10x + y.
/// Expected outputs are written out by hand from docs/SPEC.md §4 (the reasoning is in comments).
@Suite("CPU glitch")
struct CPUGlitchTests {
    static let source: HostImage = {
        var p = [UInt8]()
        for y in 0..<3 {
            for x in 0..<5 {
                let v = UInt8(10 * x + y)
                p += [v, 50 + v, 100 + v, 150 + v]
            }
        }
        return HostImage(width: 5, height: 3, computedPixels: p)
    }()

    /// An image from per-row channel lists.
    static func image(_ rows: [(r: [UInt8], g: [UInt8], b: [UInt8], a: [UInt8])]) -> HostImage {
        var p = [UInt8]()
        for row in rows {
            for x in 0..<5 { p += [row.r[x], row.g[x], row.b[x], row.a[x]] }
        }
        return HostImage(width: 5, height: rows.count, computedPixels: p)
    }

    func run(_ parameters: GlitchParameters, threads: Int = 1) throws -> HostImage {
        try CPUBackend(threads: threads).run(GlitchKernel(parameters: parameters), on: .host(Self.source)).hostImage()
    }

    static let g0: [UInt8] = [50, 60, 70, 80, 90], a0: [UInt8] = [150, 160, 170, 180, 190]
    static let g1: [UInt8] = [51, 61, 71, 81, 91], a1: [UInt8] = [151, 161, 171, 181, 191]
    static let g2: [UInt8] = [52, 62, 72, 82, 92], a2: [UInt8] = [152, 162, 172, 182, 192]

    @Test("shift 1, clamp: red from the right, blue from the left, edges repeat")
    func shiftClamp() throws {
        // R at x reads x+1 (x = 4 reads 4 again); B reads x−1 (x = 0 reads 0).
        let expected = Self.image([
            ([10, 20, 30, 40, 40], Self.g0, [100, 100, 110, 120, 130], Self.a0),
            ([11, 21, 31, 41, 41], Self.g1, [101, 101, 111, 121, 131], Self.a1),
            ([12, 22, 32, 42, 42], Self.g2, [102, 102, 112, 122, 132], Self.a2),
        ])
        for threads in [1, 2] {
            #expect(try run(GlitchParameters(shift: 1, scanlinePeriod: 0, tears: 0), threads: threads) == expected)
        }
    }

    @Test("shift 1, wrap: the edges read the other side")
    func shiftWrap() throws {
        let expected = Self.image([
            ([10, 20, 30, 40, 0], Self.g0, [140, 100, 110, 120, 130], Self.a0),
            ([11, 21, 31, 41, 1], Self.g1, [141, 101, 111, 121, 131], Self.a1),
            ([12, 22, 32, 42, 2], Self.g2, [142, 102, 112, 122, 132], Self.a2),
        ])
        #expect(try run(GlitchParameters(shift: 1, edge: .wrap, scanlinePeriod: 0, tears: 0)) == expected)
    }

    @Test("a shift wider than the image: clamp reads the edge, wrap goes round (7 ≡ 2)")
    func wideShift() throws {
        let clamp = try run(GlitchParameters(shift: 7, scanlinePeriod: 0, tears: 0))
        #expect(clamp == Self.image([
            ([40, 40, 40, 40, 40], Self.g0, [100, 100, 100, 100, 100], Self.a0),
            ([41, 41, 41, 41, 41], Self.g1, [101, 101, 101, 101, 101], Self.a1),
            ([42, 42, 42, 42, 42], Self.g2, [102, 102, 102, 102, 102], Self.a2),
        ]))
        let wrap = try run(GlitchParameters(shift: 7, edge: .wrap, scanlinePeriod: 0, tears: 0))
        // R reads (x + 2) mod 5, B reads (x − 2) mod 5.
        #expect(wrap == Self.image([
            ([20, 30, 40, 0, 10], Self.g0, [130, 140, 100, 110, 120], Self.a0),
            ([21, 31, 41, 1, 11], Self.g1, [131, 141, 101, 111, 121], Self.a1),
            ([22, 32, 42, 2, 12], Self.g2, [132, 142, 102, 112, 122], Self.a2),
        ]))
    }

    @Test("scanlines: period 2, strength 128 darkens rows 0 and 2, alpha kept")
    func scanlines() throws {
        // (c·127 + 127) / 255: 10 → 1397/255 = 5, 50 → 6477/255 = 25, 100 → 12827/255 = 50,
        // 2 → 381/255 = 1, 52 → 6731/255 = 26, 142 → 18161/255 = 71, and so on.
        let expected = Self.image([
            ([0, 5, 10, 15, 20], [25, 30, 35, 40, 45], [50, 55, 60, 65, 70], Self.a0),
            ([1, 11, 21, 31, 41], Self.g1, [101, 111, 121, 131, 141], Self.a1),
            ([1, 6, 11, 16, 21], [26, 31, 36, 41, 46], [51, 56, 61, 66, 71], Self.a2),
        ])
        #expect(try run(GlitchParameters(shift: 0, scanlinePeriod: 2, scanlineThickness: 1,
                                         scanlineStrength: 128, tears: 0)) == expected)
    }

    @Test("a tear: seed 2, one band of offset −2 over rows 0 and 1")
    func tear() throws {
        // Python: rand(2, 0, ·) gives y0 = 0, height 2, offset −2 (see GlitchPlanTests' source).
        let parameters = GlitchParameters(seed: 2, shift: 1, scanlinePeriod: 0, tears: 1, tearShift: 2, tearHeight: 2)
        #expect(try GlitchPlan(parameters: parameters, width: 5, height: 3).rowOffsets == [-2, -2, 0])
        // Rows 0, 1: xs = (x − 2) mod 5 = [3, 4, 0, 1, 2]; R reads clamp(xs + 1) = [4, 4, 1, 2, 3],
        // B reads clamp(xs − 1) = [2, 3, 0, 0, 1]. Row 2 untorn, as in shiftClamp.
        let expected = Self.image([
            ([40, 40, 10, 20, 30], [80, 90, 50, 60, 70], [120, 130, 100, 100, 110], [180, 190, 150, 160, 170]),
            ([41, 41, 11, 21, 31], [81, 91, 51, 61, 71], [121, 131, 101, 101, 111], [181, 191, 151, 161, 171]),
            ([12, 22, 32, 42, 42], Self.g2, [102, 102, 112, 122, 132], Self.a2),
        ])
        #expect(try run(parameters) == expected)
    }

    @Test("tears wider than the image wrap (offsets 6 and 7 on width 5), edge wrap")
    func wideTears() throws {
        let parameters = GlitchParameters(seed: 0, shift: 1, edge: .wrap, scanlinePeriod: 0,
                                          tears: 2, tearShift: 7, tearHeight: 1)
        #expect(try GlitchPlan(parameters: parameters, width: 5, height: 3).rowOffsets == [0, 6, 7])
        // Row 1: xs = (x + 6) mod 5 = [1, 2, 3, 4, 0]; R reads (xs + 1) mod 5, B (xs − 1) mod 5.
        // Row 2: xs = (x + 7) mod 5 = [2, 3, 4, 0, 1].
        let expected = Self.image([
            ([10, 20, 30, 40, 0], Self.g0, [140, 100, 110, 120, 130], Self.a0),
            ([21, 31, 41, 1, 11], [61, 71, 81, 91, 51], [101, 111, 121, 131, 141], [161, 171, 181, 191, 151]),
            ([32, 42, 2, 12, 22], [72, 82, 92, 52, 62], [112, 122, 132, 142, 102], [172, 182, 192, 152, 162]),
        ])
        #expect(try run(parameters) == expected)
    }

    @Test("parameters out of range are the plan's error, from the kernel as from the plan")
    func parametersOutOfRange() throws {
        #expect(throws: GlitchPlanError.invalidSetting("strength must be 0...255 (got 999)")) {
            try run(GlitchParameters(scanlineStrength: 999))
        }
        #expect(throws: GlitchPlanError.invalidSetting("tear-height must be ≥ 1 (got 0)")) {
            try GlitchKernel(parameters: GlitchParameters(tearHeight: 0)).runOnHost(Self.source)
        }
    }
}
