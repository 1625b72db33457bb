@testable import ImageCodecs
import Testing
import TestSupport

struct HostImageTests {
    /// Every position of a single non-opaque pixel, in images whose pixel counts are not
    /// multiples of the 8-word stride, is found; opaque images are not flagged whatever their
    /// colour channels hold.
    @Test(arguments: [1, 7, 8, 9, 63, 4097, 9000])
    func hasTransparencyFindsAnySinglePixel(pixelCount: Int) {
        var image = TestImages.noise(width: pixelCount, height: 1, seed: UInt64(pixelCount))
        #expect(!image.hasTransparency)
        for position in Set([0, pixelCount / 2, pixelCount - 1]) {
            var copy = image
            copy.pixels[position * 4 + 3] = 254
            #expect(copy.hasTransparency, "pixel \(position) of \(pixelCount)")
        }
        image.pixels[3] = 0
        #expect(image.hasTransparency)
    }

    @Test func emptyImageIsOpaque() {
        #expect(!HostImage(width: 0, height: 0).hasTransparency)
    }
}
