@testable import ImageEffects
import ImageMaths
import Testing

/// The host-side reductions that let the glitch kernel do without division: each must leave
/// every output pixel as docs/SPEC.md §4 says (the kernel tests check the pixels; these check the
/// values handed over).
@Suite("Glitch kernel arguments")
struct GlitchKernelArgumentsTests {
    @Test func rowOffsetsAreReducedIntoTheRow() throws {
        let parameters = GlitchParameters(seed: 7, scanlinePeriod: 0, tears: 12, tearShift: 1 << 28, tearHeight: 3)
        let plan = try GlitchPlan(parameters: parameters, width: 37, height: 40)
        let arguments = GlitchKernelArguments(plan: plan)
        #expect(arguments.rows.count == 80)
        #expect(plan.rowOffsets.contains { $0 < 0 } && plan.rowOffsets.contains { $0 > 37 })
        for y in 0..<40 {
            let offset = Int(arguments.rows[2 * y])
            #expect((0..<37).contains(offset))
            // mod(x + off, W) == mod(x + reduced, W) for every column.
            for x in 0..<37 {
                let exact = ((x + Int(plan.rowOffsets[y])) % 37 + 37) % 37
                #expect((x + offset) % 37 == exact)
            }
        }
    }

    @Test func scanlineRowsCarryTheirFactor() throws {
        let parameters = GlitchParameters(scanlinePeriod: 4, scanlineThickness: 2, scanlineStrength: 100, tears: 0)
        let arguments = GlitchKernelArguments(plan: try GlitchPlan(parameters: parameters, width: 5, height: 9))
        let keeps = (0..<9).map { arguments.rows[2 * $0 + 1] }
        #expect(keeps == [155, 155, 255, 255, 155, 155, 255, 255, 155])
        // 255 keeps every channel value: (c * 255 + 127) / 255 == c.
        #expect((0...255).allSatisfy { ($0 * 255 + 127) / 255 == $0 })
    }

    @Test func shiftsAreBroughtIntoTheRow() throws {
        func shift(_ value: Int, _ edge: GlitchEdge) throws -> Int32 {
            GlitchKernelArguments(plan: try GlitchPlan(parameters: GlitchParameters(shift: value, edge: edge), width: 10, height: 2)).shift
        }
        #expect(try shift(3, .clamp) == 3)
        #expect(try shift(10, .clamp) == 10)
        #expect(try shift(1 << 40, .clamp) == 10)
        #expect(try shift(3, .wrap) == 3)
        #expect(try shift(10, .wrap) == 0)
        #expect(try shift(23, .wrap) == 3)
    }
}
