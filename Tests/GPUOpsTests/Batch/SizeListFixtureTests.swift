@testable import GPUOps
import CPUCompute
import Foundation
import OpenCLCompute
import Testing
import TestSupport

/// Several sizes from one decode against Pillow 13.0.0 (Tests/GPUOpsTests/Fixtures/sizes,
/// made by scripts/fixtures/make_size_list_fixtures.py): the one shrink-on-load draft over
/// every entry, boxes cover and contain, an EXIF-rotated input, no-enlarge. Each output's
/// geometry equals the script's, its pixels hash to Pillow's, and the OpenCL backend gives
/// the CPU backend's bytes.
@Suite("Size lists against Pillow")
struct SizeListFixtureTests {
    struct Fixture: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable, CustomTestStringConvertible {
        var name: String
        var input: String
        var sizes: [String]
        var fit: String
        var enlarges: Bool
        var shrinkOnLoad: Bool
        var decodedWidth: Int
        var decodedHeight: Int
        var outputs: [Output]
        var testDescription: String { name }

        var settings: ThumbnailSettings {
            var settings = ThumbnailSettings()
            settings.sizes = sizes.compactMap(ThumbnailSize.init)
            settings.fit = FitMode(rawValue: fit)!
            settings.enlarges = enlarges
            settings.shrinkOnLoad = shrinkOnLoad
            settings.glitch = nil
            return settings
        }
    }

    struct Output: Decodable {
        var size: String
        var scaledWidth: Int
        var scaledHeight: Int
        var crop: Rect
        var rgbaSHA256: String
    }

    /// The crop as the fixture writes it (`PixelRect`'s four fields; `PixelRect` is not `Codable`).
    struct Rect: Decodable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var pixelRect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }
    }

    static let cases: [Case] = {
        let url = RepositoryPaths.fixtures.appendingPathComponent("sizes/cases.json")
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else { return [] }
        return fixture.cases
    }()

    @Test("the fixture file is there and complete")
    func fixturesLoaded() {
        #expect(Self.cases.count == 14)
        #expect(Self.cases.allSatisfy { $0.sizes.count == $0.outputs.count && $0.settings.sizes.count == $0.sizes.count })
    }

    /// Decodes the case's input as the batch does (one draft for every entry), its facts kept:
    /// the geometry is the original's, whatever the draft.
    static func decode(_ c: Case) throws -> ImageContainer {
        let pipeline = ThumbnailPipeline(settings: c.settings)
        return ImageContainer(try ImageDecoder.decode(contentsOf: RepositoryPaths.sample(c.input), options: pipeline.decodeOptions))
    }

    @Test("one draft for every entry, geometry and pixels as Pillow's (CPU)", arguments: cases)
    func cpuMatchesPillow(_ c: Case) throws {
        let image = try Self.decode(c)
        #expect(image.width == c.decodedWidth && image.height == c.decodedHeight)
        let pipeline = ThumbnailPipeline(settings: c.settings)
        for (target, expected) in zip(pipeline.targets, c.outputs) {
            let plan = try target.plan(inputWidth: image.width, inputHeight: image.height,
                                       pictureSize: image.pictureSize, filter: .lanczos)
            #expect(plan.outputWidth == expected.scaledWidth && plan.outputHeight == expected.scaledHeight, "\(expected.size)")
            #expect(plan.window == expected.crop.pixelRect, "\(expected.size)")
        }
        let outputs = try pipeline.render(image, on: CPUBackend())
        #expect(outputs.map { SHA256.hex($0.pixels) } == c.outputs.map(\.rgbaSHA256))
    }

    @Test("OpenCL gives the CPU's bytes for every output",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"),
          arguments: cases)
    func openCLMatchesCPU(_ c: Case) throws {
        let image = try Self.decode(c)
        let pipeline = ThumbnailPipeline(settings: c.settings)
        let device = try OpenCLTestDevice.backend()
        let cpu = try pipeline.render(image, on: CPUBackend())
        let before = device.transfers.snapshot
        let gpu = try pipeline.render(image, on: device)
        let after = device.transfers.snapshot
        #expect(gpu == cpu)
        #expect(after.uploads - before.uploads == 1)
        #expect(after.downloads - before.downloads == c.sizes.count)
    }
}
