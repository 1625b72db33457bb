@testable import GPUOps
import ComputeDevices
import CPUCompute
import Foundation
import OpenCLCompute
import Testing
import TestSupport

/// `--fit pad` against Pillow 13.0.0's `ImageOps.pad` (Tests/GPUOpsTests/Fixtures/pad, made by
/// scripts/fixtures/make_pad_fixtures.py): geometry, offsets and bytes on the CPU; the OpenCL
/// backend's bytes against the CPU's, through the pipeline and through `BackendParity`.
@Suite("Pad against Pillow")
struct PadStepTests {
    struct Fixture: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable, CustomTestStringConvertible {
        var name: String
        var input: String
        var box: String
        var background: String
        var scaledWidth: Int
        var scaledHeight: Int
        var x: Int
        var y: Int
        var rgbaSHA256: String
        var testDescription: String { name }

        var settings: ThumbnailSettings {
            var settings = ThumbnailSettings()
            settings.sizes = [ThumbnailSize(box)!]
            settings.fit = .pad
            settings.background = BackgroundColor(hex: background)!
            settings.glitch = nil
            return settings
        }
    }

    static let cases: [Case] = {
        let url = RepositoryPaths.fixtures.appendingPathComponent("pad/cases.json")
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else { return [] }
        return fixture.cases
    }()

    static func source(_ c: Case) throws -> HostImage {
        try ImageDecoder.decode(contentsOf: RepositoryPaths.sample(c.input)).image
    }

    @Test("the fixture file is there and complete")
    func fixturesLoaded() {
        #expect(Self.cases.count == 9)
    }

    @Test("geometry, offsets and pixels as ImageOps.pad's (CPU)", arguments: cases)
    func cpuMatchesPillow(_ c: Case) throws {
        let image = try Self.source(c)
        let size = try #require(ThumbnailSize(c.box))
        let plan = try ScaleTarget(size, fit: .pad).plan(inputWidth: image.width, inputHeight: image.height, filter: .lanczos)
        #expect(plan.outputWidth == c.scaledWidth && plan.outputHeight == c.scaledHeight)
        let outputs = try ThumbnailPipeline(settings: c.settings).render(.host(image), on: CPUBackend())
        #expect(outputs.map { SHA256.hex($0.pixels) } == [c.rgbaSHA256])
        #expect(outputs.first.map { "\($0.width)x\($0.height)" } == c.box)
    }

    @Test("OpenCL gives the CPU's bytes, one upload and one download",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"),
          arguments: cases)
    func openCLMatchesCPU(_ c: Case) throws {
        let image = try Self.source(c)
        let pipeline = ThumbnailPipeline(settings: c.settings)
        let device = try OpenCLTestDevice.backend()
        let cpu = try pipeline.render(.host(image), on: CPUBackend())
        let before = device.transfers.snapshot
        let gpu = try pipeline.render(.host(image), on: device)
        let after = device.transfers.snapshot
        #expect(gpu == cpu)
        #expect(after.uploads - before.uploads == 1 && after.downloads - before.downloads == 1)
    }

    @Test("the pad step alone is exact on every device: odd sizes, one row, one column, alpha, odd and even slack",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device"))
    func parity() throws {
        for (extra, background) in [((7, 4), "#ff000080"), ((0, 5), "#00000000"), ((3, 0), "#123456")] {
            let report = try BackendParity.check { backend, image in
                let box = PixelSize(width: image.width + extra.0, height: image.height + extra.1)
                return try PadStep(box: box, background: BackgroundColor(hex: background)!).apply(to: image, on: backend)
            }
            #expect(!report.devices.isEmpty)
            #expect(report.isIdentical, "\(report)")
        }
    }

    @Test("a picture that fills the box passes untouched: no kernel, no upload")
    func fillingIsNoStep() throws {
        let image = TestImages.noise(width: 9, height: 5, seed: 3)
        let device = EmbeddedBackend()
        let result = try PadStep(box: PixelSize(width: 9, height: 5)).apply(to: .host(image), on: device)
        #expect(try result.hostImage() == image)
        #expect(device.callLog.isEmpty && device.transfers.snapshot.uploads == 0)
    }

    @Test("a device image stays on the device, the background where the picture is not")
    func staysOnTheDevice() throws {
        let image = TestImages.noise(width: 3, height: 2, seed: 4)
        let device = EmbeddedBackend()
        let padded = try PadStep(box: PixelSize(width: 3, height: 5), background: BackgroundColor(hex: "#0a0b0c0d")!)
            .apply(to: .host(image), on: device)
        #expect(device.callLog.contains(.kernel))
        let host = try padded.hostImage()
        #expect(host.width == 3 && host.height == 5)
        // Slack 3: Python's round(1.5) = 2 rows above, 1 below.
        #expect(Array(host.pixels[0..<4]) == [10, 11, 12, 13])
        #expect(Array(host.pixels[(2 * 3 * 4)..<(4 * 3 * 4)]) == image.pixels)
        #expect(Array(host.pixels[(4 * 3 * 4)...].prefix(4)) == [10, 11, 12, 13])
    }

    @Test("a picture larger than the box is refused by name")
    func largerIsRefused() {
        let image = TestImages.noise(width: 9, height: 5, seed: 3)
        #expect(throws: ImageOperationError.largerThanPadBox(width: 9, height: 5, box: PixelSize(width: 8, height: 20))) {
            try PadStep(box: PixelSize(width: 8, height: 20)).apply(to: .host(image), on: CPUBackend())
        }
    }

    @Test("--background: #rrggbb is opaque, #rrggbbaa carries alpha, anything else is refused")
    func backgroundParsing() {
        #expect(BackgroundColor(hex: "#FF8000") == BackgroundColor(color: RGBColor(red: 255, green: 128, blue: 0)))
        #expect(BackgroundColor(hex: "ff800040") == BackgroundColor(color: RGBColor(red: 255, green: 128, blue: 0), alpha: 64))
        #expect(BackgroundColor(hex: "#ff800040")?.description == "#ff800040")
        #expect(BackgroundColor.black.description == "#000000")
        for bad in ["", "#", "#fff", "#ff80004", "#ff8000400", "#gg8000", "#ff80zz", "red", "#ff 800"] {
            #expect(BackgroundColor(hex: bad) == nil, "\(bad)")
        }
    }
}

/// Width-only and height-only entries through the pipeline: the contain box whose other side
/// never binds, shrink-on-load sized by them, and no pad for them under `--fit pad`.
@Suite("One-sided entries")
struct OneSidedEntryTests {
    static func settings(_ sizes: String, fit: FitMode = .contain) throws -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = try ThumbnailSize.list(sizes)
        settings.fit = fit
        settings.glitch = nil
        return settings
    }

    @Test("100x and x50 give the bytes of the contain boxes 100x65535 and 65535x50, under every fit",
          arguments: FitMode.allCases)
    func sameAsUnboundContain(fit: FitMode) throws {
        let image = try ImageDecoder.decode(contentsOf: RepositoryPaths.sample("chelsea.png")).image
        let oneSided = try ThumbnailPipeline(settings: Self.settings("100x,x50", fit: fit)).render(.host(image), on: CPUBackend())
        let boxes = try ThumbnailPipeline(settings: Self.settings("100x65535,65535x50")).render(.host(image), on: CPUBackend())
        #expect(oneSided == boxes)
        #expect(oneSided.map { "\($0.width)x\($0.height)" } == ["100x67", "75x50"])
    }

    @Test("shrink-on-load leaves at least twice what the entries read: coffee 600×400, 100x → 1/2, x50 → 1/4",
          arguments: [("100x", 300, 200), ("x50", 150, 100), ("x50,100x", 300, 200)])
    func shrinkOnLoad(sizes: String, width: Int, height: Int) throws {
        let pipeline = try ThumbnailPipeline(settings: Self.settings(sizes))
        let decoded = try ImageDecoder.decode(contentsOf: RepositoryPaths.sample("coffee.jpg"), options: pipeline.decodeOptions)
        #expect(decoded.image.width == width && decoded.image.height == height)
    }
}
