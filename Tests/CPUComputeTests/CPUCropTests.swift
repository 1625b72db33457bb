@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

@Suite("CPU crop")
struct CPUCropTests {
    let image = TestImages.noise(width: 37, height: 23, seed: 42)

    @Test("copies exactly the rectangle's pixels", arguments: [
        PixelRect(x: 5, y: 3, width: 20, height: 11),
        PixelRect(x: 0, y: 0, width: 37, height: 23),
        PixelRect(x: 36, y: 22, width: 1, height: 1),
        PixelRect(x: 0, y: 7, width: 37, height: 1),
        PixelRect(x: 12, y: 0, width: 1, height: 23),
    ])
    func copies(rect: PixelRect) throws {
        let out = try CPUBackend(threads: 2).crop(.host(image), to: rect).hostImage()
        #expect(out.width == rect.width && out.height == rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                #expect(out[x, y] == image[rect.x + x, rect.y + y])
            }
        }
    }

    @Test("a rectangle outside the image is an error, not a clamp", arguments: [
        PixelRect(x: -1, y: 0, width: 10, height: 10),
        PixelRect(x: 0, y: -1, width: 10, height: 10),
        PixelRect(x: 30, y: 0, width: 8, height: 10),
        PixelRect(x: 0, y: 20, width: 10, height: 4),
        PixelRect(x: 0, y: 0, width: 0, height: 10),
        PixelRect(x: 0, y: 0, width: 10, height: 0),
    ])
    func outside(rect: PixelRect) {
        #expect(throws: ComputeArgumentError.cropOutsideImage(rect: rect, width: 37, height: 23)) {
            try CPUBackend(threads: 1).crop(.host(image), to: rect)
        }
    }

    @Test("the error message names the rectangle and the image")
    func message() {
        let error = ComputeArgumentError.cropOutsideImage(rect: PixelRect(x: 30, y: 0, width: 8, height: 10), width: 37, height: 23)
        #expect(error.description == "crop 8x10+30+0 lies outside the 37x23 image")
    }
}
