import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths
import Foundation
import ImageEffects
import TestSupport

/// The Pillow 13.0.0 references of Tests/ImageEffectsTests/Fixtures (made by
/// scripts/fixtures/make_effect_fixtures.py): input recipes, effects in order, expected bytes.
struct EffectFixtures: Decodable {
    struct Case: Decodable, CustomStringConvertible {
        struct Input: Decodable {
            let kind: String
            let name: String?
            let width: Int
            let height: Int
            let seed: UInt64?
            let alpha: Bool?
        }
        struct Effect: Decodable {
            let name: String
            let black: String?
            let mid: String?
            let white: String?
            let radius: Double?
            let centre: Double?
            let band: Double?
            let fade: Double?
            let percent: Int?
            let threshold: Int?
        }
        let name: String
        let input: Input
        let effects: [Effect]
        let mode: String
        let width: Int
        let height: Int
        let sha256: String
        let offset: Int?
        let length: Int?
        var description: String { name }
    }

    let pillow: String
    let cases: [Case]

    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/ImageEffectsTests/Fixtures")

    static let all: EffectFixtures = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("cases.json"))
        return try! JSONDecoder().decode(EffectFixtures.self, from: data)
    }()

    static let expectedBlob: [UInt8] = [UInt8]((try? Data(contentsOf: folder.appendingPathComponent("expected.bin"))) ?? Data())
}

extension EffectFixtures.Case {
    /// The input: a photograph resized by the CPU backend (equal to Pillow's LANCZOS resize),
    /// or a generated image.
    func makeInput() throws -> HostImage {
        switch input.kind {
        case "photo":
            let decoded = try ImageDecoder.decode(contentsOf: RepositoryPaths.samples.appendingPathComponent(input.name!).path)
            let plan = ResamplePlan(inputWidth: decoded.image.width, inputHeight: decoded.image.height,
                                    outputWidth: input.width, outputHeight: input.height, filter: .lanczos)
            return try CPUBackend(threads: 1).resample(.host(decoded.image), plan: plan).hostImage()
        case "gradient":
            return TestImages.gradient(width: input.width, height: input.height)
        case "noise":
            return TestImages.noise(width: input.width, height: input.height, seed: input.seed!, alpha: input.alpha ?? false)
        default:
            fatalError("unknown input kind \(input.kind)")
        }
    }

    /// The effects as kernels, in order.
    func kernels() throws -> [any ImageKernel] {
        try effects.map { effect -> any ImageKernel in
            switch effect.name {
            case "sepia":
                return SepiaKernel(black: effect.black.flatMap(RGBColor.init(hex:)) ?? SepiaKernel.defaultBlack,
                                   mid: effect.mid.flatMap(RGBColor.init(hex:)) ?? SepiaKernel.defaultMid,
                                   white: effect.white.flatMap(RGBColor.init(hex:)) ?? SepiaKernel.defaultWhite)
            case "sharpen":
                return try SharpenKernel(radius: effect.radius ?? SharpenKernel.defaultRadius,
                                         percent: effect.percent ?? SharpenKernel.defaultPercent,
                                         threshold: effect.threshold ?? SharpenKernel.defaultThreshold)
            default:
                return try TiltShiftKernel(radius: effect.radius ?? TiltShiftKernel.defaultRadius,
                                           centre: effect.centre ?? TiltShiftKernel.defaultCentre,
                                           band: effect.band ?? TiltShiftKernel.defaultBand,
                                           fade: effect.fade ?? TiltShiftKernel.defaultFade)
            }
        }
    }

    /// Our RGBA result in Pillow's mode: RGB drops alpha.
    func inPillowMode(_ image: HostImage) -> [UInt8] {
        guard mode == "RGB" else { return image.pixels }
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.width * image.height * 3)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { rgb += image.pixels[i..<i + 3] }
        return rgb
    }

    var expectedBytes: [UInt8]? {
        guard let offset, let length else { return nil }
        return Array(EffectFixtures.expectedBlob[offset..<offset + length])
    }
}
