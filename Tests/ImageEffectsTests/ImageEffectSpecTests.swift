import ImageEffects
import Testing

/// The `--effect` spec text, parsed and printed by `ImageEffect`: what a report records parses
/// back to the same effect, spaces and tabs around the parts are ignored, and each bad spec is
/// its exact message.
@Suite struct ImageEffectSpecTests {
    static let effects: [ImageEffect] = [
        .sepia(SepiaKernel()),
        .sepia(SepiaKernel(black: RGBColor(red: 0, green: 1, blue: 2), mid: RGBColor(red: 128, green: 64, blue: 32),
                           white: RGBColor(red: 255, green: 250, blue: 0))),
        .tiltShift(try! TiltShiftKernel()),
        .tiltShift(try! TiltShiftKernel(radius: 2.5, centre: 0.25, band: 0.125, fade: 0.3)),
    ]

    @Test(arguments: effects)
    func whatIsPrintedParsesBackToTheSameEffect(effect: ImageEffect) throws {
        #expect(try ImageEffect(spec: effect.description) == effect)
    }

    @Test func theTextIsEveryParameterAsTheOptionSpellsIt() throws {
        #expect(Self.effects[1].description == "sepia:black=#000102,mid=#804020,white=#fffa00")
        #expect(Self.effects[3].description == "tilt-shift:radius=2.5,centre=0.25,band=0.125,fade=0.3")
    }

    @Test func keysLeftOutKeepTheirDefaults() throws {
        #expect(try ImageEffect(spec: "sepia") == .sepia(SepiaKernel()))
        #expect(try ImageEffect(spec: "tilt-shift:center=0.25") == .tiltShift(try TiltShiftKernel(centre: 0.25)))
    }

    @Test func spacesAndTabsAroundThePartsAreIgnored() throws {
        #expect(try ImageEffect(spec: "\t sepia\t: black = #000102 ,\tmid=#804020\t, white=#fffa00 ") == Self.effects[1])
        #expect(try ImageEffect(spec: "tilt-shift:\tradius=2.5\t") == .tiltShift(try TiltShiftKernel(radius: 2.5)))
    }

    @Test(arguments: [
        ("blur", "unknown effect 'blur' (effects: sepia, tilt-shift)"),
        ("sepia:grey=#000000", "sepia: unknown key 'grey' (keys: black, mid, white)"),
        ("sepia:black=#00000", "sepia: black must be a colour #RRGGBB, got '#00000'"),
        ("sepia:black", "sepia: expected key=value, got 'black'"),
        ("sepia:black=", "sepia: missing value for black"),
        ("sepia:black=#000000,\tblack=#000000", "sepia: black given twice"),
        ("tilt-shift:radius=wide", "tilt-shift: radius must be a number, got 'wide'"),
        ("tilt-shift:radius=inf", "tilt-shift: radius must be a number, got 'inf'"),
    ])
    func aBadSpecIsItsExactMessage(spec: String, message: String) {
        #expect(throws: EffectSpecError(description: message)) { try ImageEffect(spec: spec) }
    }

    @Test func aValueTheEffectRefusesIsTheEffectsOwnMessage() throws {
        let refusal = #expect(throws: EffectParameterError.self) { try TiltShiftKernel(fade: 2) }
        #expect(throws: EffectSpecError(description: try #require(refusal).description)) {
            try ImageEffect(spec: "tilt-shift:fade=2")
        }
    }
}
