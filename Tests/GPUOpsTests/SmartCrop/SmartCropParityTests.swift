@testable import GPUOps
import ComputeDevices
import Foundation
import Testing
import TestSupport

/// CPU and OpenCL choose the same window and give the same bytes for `attention` and
/// `entropy` (the attention map is resized on the device; the rest is the same integer code).
@Suite("Smart crop: CPU and OpenCL")
struct SmartCropParityTests {
    static var images: [HostImage] {
        var images = ParityImages.standard
        for name in ["coffee.jpg", "chelsea.png", "astronaut.jpg"] {
            images.append(try! ImageDecoder.decode(contentsOf: RepositoryPaths.sample(name)).image)
        }
        images.append(SmartCropStepTests.picture(width: 320, height: 90, subject: PixelRect(x: 240, y: 10, width: 50, height: 50)))
        return images
    }

    @Test("scale steps and several sizes in one run, identical on every device",
          .enabled(if: OpenCLTestEnvironment.isAvailable, "no OpenCL device (OCL_ICD_VENDORS empty or no ICD)"),
          arguments: [Gravity.attention, .entropy])
    func sameBytes(_ gravity: Gravity) throws {
        let step = try BackendParity.check(images: Self.images) { backend, image in
            try ScaleStep(target: .cover(side: 48, gravity: gravity)).apply(to: image, on: backend)
        }
        #expect(!step.devices.isEmpty && step.isIdentical, "\(step)")
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(width: 40, height: 40)!, ThumbnailSize(width: 60, height: 20)!]
        settings.gravity = gravity
        settings.glitch = nil
        let pipeline = ThumbnailPipeline(settings: settings)
        for index in settings.sizes.indices {
            let run = try BackendParity.check(images: Self.images) { backend, image in
                var result: ImageContainer?
                try pipeline.run(image, on: backend) { i, output in if i == index { result = output } }
                return result!
            }
            #expect(!run.devices.isEmpty && run.isIdentical, "\(run)")
        }
    }
}
