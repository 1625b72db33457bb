@testable import ImageMaths
import Testing

/// docs/SPEC.md §4's hash and tear offsets against values from an independent Python
/// transcription of the formulas (masking to 32 bits after every multiply).
@Suite("Glitch plan")
struct GlitchPlanTests {
    @Test("hash32 known values", arguments: [
        (UInt32(0), UInt32(0)), (1, 0x688990c0), (2, 0xd1132181), (12345, 0x912efcf7),
        (0xdeadbeef, 0xe628c683), (0xffffffff, 0x6768824a),
    ])
    func hash(input: UInt32, expected: UInt32) {
        #expect(GlitchHash.hash32(input) == expected)
    }

    @Test("rand(seed, i, j) = hash32(seed ^ hash32(3i + j + 1))")
    func rand() {
        #expect((0..<3).map { GlitchHash.rand(0, 0, $0) } == [0x58f54975, 0x3656ffdd, 0x6785fa52])
        #expect((0..<3).map { GlitchHash.rand(7, 2, $0) } == [0x53f22baa, 0xf89f37bf, 0xbd63b466])
        #expect(GlitchHash.rand(0xffff_ffff, 5, 1) == 0xed490bc4)
    }

    @Test("row offsets: bands in order, later ones overwrite")
    func rowOffsets() {
        let offsets = GlitchPlan.rowOffsets(seed: 7, height: 40, tears: 6, tearShift: 5, tearHeight: 4)
        #expect(offsets == [-5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2, -2,
                            -4, -4, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0])
        #expect(GlitchPlan.rowOffsets(seed: 123, height: 24, tears: 3, tearShift: 0, tearHeight: 5)
            == [Int32](repeating: 0, count: 24))
    }

    @Test("defaults resolved from the image size")
    func defaults() throws {
        // 512×30: shift max(1, 512/100) = 5, tear shift 512/16 = 32, tear height max(1, 30/24) = 1.
        let plan = try GlitchPlan(parameters: GlitchParameters(), width: 512, height: 30)
        #expect(plan.shift == 5 && plan.edge == .clamp)
        #expect(plan.scanlinePeriod == 3 && plan.scanlineThickness == 1 && plan.scanlineStrength == 96)
        #expect(plan.rowOffsets == [0, 23, -13, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, -19, 0, 0, 0, 0, -8, 0,
                                    0, 0, 0, 0, 0, 0, 26, 0, 0, 0])
        // A tiny image still shifts by one pixel.
        #expect(try GlitchPlan(parameters: GlitchParameters(), width: 5, height: 3).shift == 1)
    }

    @Test("scanline darkening: (c·(255 − k) + 127) / 255")
    func darken() throws {
        let plan = try GlitchPlan(parameters: GlitchParameters(scanlineStrength: 96), width: 4, height: 4)
        // 255·159 + 127 = 40672 → 159; 100·159 + 127 = 16027 → 62 (62.85); 1·159 + 127 = 286 → 1.
        #expect(plan.darken(255) == 159 && plan.darken(100) == 62 && plan.darken(1) == 1 && plan.darken(0) == 0)
        #expect((0..<4).map(plan.isScanline) == [true, false, false, true])
        let thick = try GlitchPlan(parameters: GlitchParameters(scanlinePeriod: 4, scanlineThickness: 2), width: 4, height: 8)
        #expect((0..<8).map(thick.isScanline) == [true, true, false, false, true, true, false, false])
        let off = try GlitchPlan(parameters: GlitchParameters(scanlinePeriod: 0), width: 4, height: 4)
        #expect(!(0..<4).contains(where: off.isScanline))
    }
}

/// Out-of-range glitch settings are a typed error when the plan is made, before any backend
/// sees them: the same on the CPU and on OpenCL.
@Suite("Glitch plan checks")
struct GlitchPlanCheckTests {
    @Test("out-of-range settings and sizes are refused with the reason")
    func refused() {
        #expect(throws: GlitchPlanError.invalidSetting("strength must be 0...255 (got 999)")) {
            try GlitchPlan(parameters: GlitchParameters(scanlineStrength: 999), width: 8, height: 8)
        }
        #expect(throws: GlitchPlanError.invalidSetting("tear-height must be ≤ 4294967295 (got 4294967296)")) {
            try GlitchPlan(parameters: GlitchParameters(tearHeight: 1 << 32), width: 8, height: 8)
        }
        #expect(throws: GlitchPlanError.invalidSize(width: 0, height: 8)) {
            try GlitchPlan(parameters: GlitchParameters(), width: 0, height: 8)
        }
        #expect(throws: GlitchPlanError.invalidSize(width: GlitchPlan.maximumWidth + 1, height: 1)) {
            try GlitchPlan(parameters: GlitchParameters(), width: GlitchPlan.maximumWidth + 1, height: 1)
        }
    }

    @Test("the prepared values: shift reduced for the edge, offsets mod W, darkening table")
    func prepared() throws {
        // Hand-computed: W = 5. Clamp: min(12, 5) = 5; wrap: 12 mod 5 = 2.
        let clamp = try GlitchPlan(parameters: GlitchParameters(shift: 12, tears: 0), width: 5, height: 3)
        #expect(clamp.reducedShift == 5)
        let wrap = try GlitchPlan(parameters: GlitchParameters(shift: 12, edge: .wrap, tears: 0), width: 5, height: 3)
        #expect(wrap.reducedShift == 2)
        // Strength 96 keeps 159: c = 200 -> (200 * 159 + 127) / 255 = 125; c = 255 -> 159.
        #expect(clamp.darkening[200] == 125 && clamp.darkening[255] == 159 && clamp.darkening[0] == 0)
        // The rowOffsets test above has seed 1's offsets; each wrapped one is its mod 5.
        let torn = try GlitchPlan(parameters: GlitchParameters(seed: 1, tears: 20, tearShift: 7), width: 5, height: 9)
        #expect(torn.wrappedRowOffsets == torn.rowOffsets.map { Int32(((Int($0) % 5) + 5) % 5) })
        #expect(torn.wrappedRowOffsets.allSatisfy { (0..<5).contains($0) })
        #expect(torn.rowOffsets.contains { $0 < 0 })
    }
}
