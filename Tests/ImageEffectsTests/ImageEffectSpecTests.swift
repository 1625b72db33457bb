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
        .sharpen(try! SharpenKernel()),
        .sharpen(try! SharpenKernel(radius: 0.5, percent: 10000, threshold: 0)),
        .sharpen(try! SharpenKernel(radius: 1000, percent: 0, threshold: 255)),
    ]

    @Test(arguments: effects)
    func whatIsPrintedParsesBackToTheSameEffect(effect: ImageEffect) throws {
        #expect(try ImageEffect(spec: effect.description) == effect)
    }

    @Test func theTextIsEveryParameterAsTheOptionSpellsIt() throws {
        #expect(Self.effects[1].description == "sepia:black=#000102,mid=#804020,white=#fffa00")
        #expect(Self.effects[3].description == "tilt-shift:radius=2.5,centre=0.25,band=0.125,fade=0.3")
        #expect(Self.effects[4].description == "sharpen:radius=2,percent=150,threshold=3")
        #expect(Self.effects[5].description == "sharpen:radius=0.5,percent=10000,threshold=0")
    }

    @Test func keysLeftOutKeepTheirDefaults() throws {
        #expect(try ImageEffect(spec: "sepia") == .sepia(SepiaKernel()))
        #expect(try ImageEffect(spec: "tilt-shift:center=0.25") == .tiltShift(try TiltShiftKernel(centre: 0.25)))
        // Pillow's UnsharpMask() defaults.
        #expect(try ImageEffect(spec: "sharpen") == .sharpen(try SharpenKernel(radius: 2, percent: 150, threshold: 3)))
        #expect(try ImageEffect(spec: "sharpen:percent=80") == .sharpen(try SharpenKernel(radius: 2, percent: 80, threshold: 3)))
    }

    @Test func spacesAndTabsAroundThePartsAreIgnored() throws {
        #expect(try ImageEffect(spec: "\t sepia\t: black = #000102 ,\tmid=#804020\t, white=#fffa00 ") == Self.effects[1])
        #expect(try ImageEffect(spec: "tilt-shift:\tradius=2.5\t") == .tiltShift(try TiltShiftKernel(radius: 2.5)))
        #expect(try ImageEffect(spec: " sharpen : threshold = 0 ,\tradius=0.5 ") == .sharpen(
            try SharpenKernel(radius: 0.5, threshold: 0)))
    }

    @Test(arguments: [
        ("blur", "unknown effect 'blur' (effects: sepia, tilt-shift, sharpen)"),
        ("sepia:grey=#000000", "sepia: unknown key 'grey' (keys: black, mid, white)"),
        ("sepia:black=#00000", "sepia: black must be a colour #RRGGBB, got '#00000'"),
        ("sepia:black", "sepia: expected key=value, got 'black'"),
        ("sepia:black=", "sepia: missing value for black"),
        ("sepia:black=#000000,\tblack=#000000", "sepia: black given twice"),
        ("tilt-shift:radius=wide", "tilt-shift: radius must be a number, got 'wide'"),
        ("tilt-shift:radius=inf", "tilt-shift: radius must be a number, got 'inf'"),
        ("sharpen:radius=wide", "sharpen: radius must be a number, got 'wide'"),
        ("sharpen:radius=nan", "sharpen: radius must be a number, got 'nan'"),
        ("sharpen:percent=1.5", "sharpen: percent must be a whole number, got '1.5'"),
        ("sharpen:threshold=x", "sharpen: threshold must be a whole number, got 'x'"),
        ("sharpen:amount=2", "sharpen: unknown key 'amount' (keys: radius, percent, threshold)"),
        ("sharpen:radius=1,radius=2", "sharpen: radius given twice"),
        ("sharpen:radius=-1", "sharpen: radius must be a number from 0 to 1000, got -1"),
        ("sharpen:radius=1000.5", "sharpen: radius must be a number from 0 to 1000, got 1000.5"),
        ("sharpen:percent=-5", "sharpen: percent must be a whole number from 0 to 10000, got -5"),
        ("sharpen:percent=10001", "sharpen: percent must be a whole number from 0 to 10000, got 10001"),
        ("sharpen:threshold=256", "sharpen: threshold must be a whole number from 0 to 255, got 256"),
    ])
    func aBadSpecIsItsExactMessage(spec: String, message: String) {
        #expect(throws: EffectSpecError(description: message)) { try ImageEffect(spec: spec) }
    }

    @Test func aValueTheEffectRefusesIsTheEffectsOwnMessage() throws {
        let refusal = #expect(throws: EffectParameterError.self) { try TiltShiftKernel(fade: 2) }
        #expect(throws: EffectSpecError(description: try #require(refusal).description)) {
            try ImageEffect(spec: "tilt-shift:fade=2")
        }
        let sharpenRefusal = #expect(throws: EffectParameterError.self) { try SharpenKernel(threshold: -1) }
        #expect(throws: EffectSpecError(description: try #require(sharpenRefusal).description)) {
            try ImageEffect(spec: "sharpen:threshold=-1")
        }
    }
}
