@testable import GPUOps
import CPUCompute
import Foundation
import Testing
import TestSupport

/// The content-aware gravities as steps: the fixed gravities keep their fused plan, attention
/// and entropy resize whole then cut the window they choose, the same on every backend.
@Suite("Smart crop steps")
struct SmartCropStepTests {
    /// A flat grey picture with, at `subject`, a saturated, busy square (red and yellow stripes).
    static func picture(width: Int, height: Int, subject: PixelRect) -> HostImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inside = x >= subject.x && x < subject.maxX && y >= subject.y && y < subject.maxY
                let colour: [UInt8] = inside ? ((x / 3) % 2 == 0 ? [230, 20, 20] : [240, 220, 30]) : [120, 120, 120]
                pixels[i] = colour[0]; pixels[i + 1] = colour[1]; pixels[i + 2] = colour[2]; pixels[i + 3] = 255
            }
        }
        return try! HostImage(width: width, height: height, pixels: pixels)
    }

    /// A flat picture whose right quarter is noise (the only entropy in it).
    static func noisyRight(width: Int, height: Int) -> HostImage {
        let noise = TestImages.noise(width: width, height: height, seed: 7)
        var pixels = noise.pixels
        for y in 0..<height {
            for x in 0..<(width * 3 / 4) {
                let i = (y * width + x) * 4
                pixels[i] = 90; pixels[i + 1] = 90; pixels[i + 2] = 90
            }
            for x in 0..<width { pixels[(y * width + x) * 4 + 3] = 255 }
        }
        return try! HostImage(width: width, height: height, pixels: pixels)
    }

    @Test("the five fixed gravities keep the fused resize-and-crop; attention and entropy resize whole",
          arguments: Gravity.allCases)
    func plans(_ gravity: Gravity) throws {
        for target in [ScaleTarget.cover(side: 100, gravity: gravity),
                       .box(width: 100, height: 80, fit: .cover, gravity: gravity, enlarges: true)] {
            let plan = try target.plan(inputWidth: 400, inputHeight: 200, filter: .lanczos)
            if gravity.isContentAware {
                #expect(plan.window == PixelRect(x: 0, y: 0, width: plan.outputWidth, height: plan.outputHeight))
                #expect(target.contentAwareCrop?.gravity == gravity)
            } else {
                #expect(plan.window.width < plan.outputWidth)
                #expect(target.contentAwareCrop == nil)
            }
        }
        // Contain cuts nothing, whatever the gravity.
        let contain = ScaleTarget.box(width: 100, height: 80, fit: .contain, gravity: gravity, enlarges: true)
        #expect(contain.contentAwareCrop == nil)
    }

    @Test("attention keeps the striking subject, wherever it is")
    func attentionFollowsTheSubject() throws {
        for subjectX in [10, 140, 330] {
            let image = Self.picture(width: 400, height: 100, subject: PixelRect(x: subjectX, y: 30, width: 40, height: 40))
            let rect = try ContentAwareWindow.rect(of: .host(image), width: 100, height: 100, gravity: .attention,
                                                   on: CPUBackend())
            #expect(rect.x <= subjectX && rect.maxX >= subjectX + 40, "subject at \(subjectX), window \(rect)")
        }
    }

    @Test("entropy keeps the only busy part; a flat picture keeps the top-left window (libvips' ties)")
    func entropyFollowsTheNoise() throws {
        let busy = try ContentAwareWindow.rect(of: .host(Self.noisyRight(width: 400, height: 100)), width: 100, height: 100,
                                               gravity: .entropy, on: CPUBackend())
        #expect(busy == PixelRect(x: 300, y: 0, width: 100, height: 100))
        let flat = try HostImage(width: 300, height: 120, pixels: [UInt8](repeating: 200, count: 300 * 120 * 4))
        let rect = try ContentAwareWindow.rect(of: .host(flat), width: 120, height: 120, gravity: .entropy, on: CPUBackend())
        #expect(rect == PixelRect(x: 0, y: 0, width: 120, height: 120))
    }

    @Test("the scale step cuts the chosen window out of the whole resize, byte for byte", arguments: [Gravity.attention, .entropy])
    func scaleStepIsResizeThenCrop(_ gravity: Gravity) throws {
        let image = Self.picture(width: 500, height: 200, subject: PixelRect(x: 380, y: 50, width: 60, height: 60))
        let cpu = CPUBackend()
        let result = try ScaleStep(target: .cover(side: 100, gravity: gravity)).apply(to: .host(image), on: cpu).hostImage()
        let whole = try ScaleStep(target: .shorterSide(100)).apply(to: .host(image), on: cpu)
        let rect = try ContentAwareWindow.rect(of: whole.pixels, width: 100, height: 100, gravity: gravity, on: cpu)
        let expected = try CropStep(region: .rect(rect)).apply(to: whole, on: cpu).hostImage()
        #expect(result.width == 100 && result.height == 100)
        #expect(result == expected)
        // The crop step's square gravity chooses the same window from the resized picture.
        #expect(try CropStep(region: .square(gravity)).apply(to: whole, on: cpu).hostImage() == expected)
    }

    @Test("several outputs in one run (shared passes) give what each scale step gives alone")
    func pipelineMatchesSteps() throws {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(width: 64, height: 64)!, ThumbnailSize(width: 90, height: 40)!,
                          ThumbnailSize(width: 30, height: 50)!]
        settings.glitch = nil
        let image = Self.picture(width: 300, height: 180, subject: PixelRect(x: 200, y: 100, width: 50, height: 50))
        for gravity in [Gravity.attention, .entropy] {
            settings.gravity = gravity
            let pipeline = ThumbnailPipeline(settings: settings)
            let outputs = try pipeline.render(.host(image), on: CPUBackend())
            let alone = try pipeline.targets.map { try ScaleStep(target: $0).apply(to: .host(image), on: CPUBackend()).hostImage() }
            #expect(outputs == alone)
            #expect(outputs.map { PixelSize(width: $0.width, height: $0.height) } == settings.sizes.map { PixelSize(width: $0.width!, height: $0.height!) })
        }
    }

    @Test("every frame of an animation is cut at the first frame's window")
    func framesShareTheWindow() throws {
        let first = Self.picture(width: 300, height: 100, subject: PixelRect(x: 250, y: 20, width: 40, height: 40))
        let second = Self.picture(width: 300, height: 100, subject: PixelRect(x: 10, y: 20, width: 40, height: 40))
        let animation = try ImageContainer(frames: [ImageFrame(.host(first)), ImageFrame(.host(second))])
        let cpu = CPUBackend()
        let result = try CropStep(region: .square(.attention)).apply(to: animation, on: cpu)
        let rect = try ContentAwareWindow.rect(of: .host(first), width: 100, height: 100, gravity: .attention, on: cpu)
        #expect(result.frames.count == 2)
        #expect(try result.frames[1].pixels.hostImage() == CropStep(region: .rect(rect)).apply(to: .host(second), on: cpu).hostImage())
    }
}
