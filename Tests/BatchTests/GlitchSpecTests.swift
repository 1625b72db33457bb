import GPUOps
import Testing

/// `--glitch` trims as `--effect` does: spaces and tabs around items, keys and values.
@Suite struct GlitchSpecTests {
    @Test func spacesAndTabsAroundThePartsAreIgnored() throws {
        var expected = GlitchParameters()
        expected.seed = 7
        expected.edge = .wrap
        #expect(try GlitchSpec.parse("\tseed = 7 ,\tedge=wrap\t") == expected)
    }

    @Test(arguments: ["", " ", "\t", " \t "])
    func aBlankSpecIsTheEmptySpecError(spec: String) {
        #expect(throws: GlitchSpec.ParseError(description:
            "empty spec (expected key=value pairs separated by commas, e.g. seed=7,shift=10)")) {
            try GlitchSpec.parse(spec)
        }
    }
}
