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

    @Test func emptyImageIsOpaque() throws {
        #expect(try !HostImage(width: 0, height: 0).hasTransparency)
    }

    /// The public initialisers refuse a size the bytes do not fill exactly, a negative side
    /// and a size whose byte count overflows, each with its own error; nothing traps.
    @Test func geometryIsCheckedAtCreation() throws {
        #expect(throws: ImageGeometryError.bufferSize(width: 4, height: 4, expected: 64, actual: 63)) {
            try HostImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 63))
        }
        #expect(throws: ImageGeometryError.bufferSize(width: 8, height: 4, expected: 128, actual: 64)) {
            try HostImage(width: 8, height: 4, pixels: [UInt8](repeating: 0, count: 64))
        }
        #expect(throws: ImageGeometryError.negativeSize(width: -1, height: 4)) {
            try HostImage(width: -1, height: 4, pixels: [])
        }
        #expect(throws: ImageGeometryError.tooLarge(width: Int.max / 2, height: 3)) {
            try HostImage(width: Int.max / 2, height: 3)
        }
        let made = try HostImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(made.width == 2 && made.height == 1 && made[1, 0] == (5, 6, 7, 8))
        #expect("\(ImageGeometryError.bufferSize(width: 8, height: 4, expected: 128, actual: 64))"
            == "64 bytes given for a 8x4 RGBA image, which needs 128")
    }

    /// A decoded image's frames must exist and share one size.
    @Test func decodedFramesAreChecked() throws {
        let facts = DecodeFacts(format: .png, sourceWidth: 2, sourceHeight: 2)
        #expect(throws: ImageGeometryError.noFrames) {
            try DecodedImage(frames: [], metadata: ImageMetadata(), facts: facts)
        }
        let a = try HostImage(width: 2, height: 2), b = try HostImage(width: 2, height: 1)
        #expect(throws: ImageGeometryError.frameSizesDiffer) {
            try DecodedImage(frames: [ImageFrame(a), ImageFrame(b)], metadata: ImageMetadata(), facts: facts)
        }
        let two = try DecodedImage(frames: [ImageFrame(a, duration: .milliseconds(40)), ImageFrame(a)],
                                   metadata: ImageMetadata(), facts: facts)
        #expect(two.frames.count == 2 && two.image == a && two.frames[0].duration == .milliseconds(40))
    }

    /// A decoder marks its image opaque exactly when its source cannot hold alpha: PNGs without
    /// an alpha channel or tRNS (gray, RGB, palette; fast path and libpng alike), never RGBA or
    /// gray+alpha ones or those with tRNS. (Debug builds also check each mark against a scan.)
    @Test(arguments: [0, 2, 3, 4, 6], [false, true])
    func pngDecodersMarkOpaqueOnlyWithoutAlpha(colourType: Int, transparent: Bool) throws {
        let png = PNGTestWriter.make(width: 13, height: 5, colourType: colourType, bitDepth: 8, smooth: false,
                                     transparent: transparent, seed: UInt64(colourType)).encode()
        let expected = colourType & 4 == 0 && !transparent
        for path in [PNGDecodePath.fastPathOnly, .libpng] {
            let image = try ImageDecoder.decode(data: png, source: "t.png", options: DecodeOptions(), pngPath: path).image
            #expect(image.isOpaqueByConstruction == expected, "\(path)")
        }
    }

    @Test func jpegDecodesAreMarkedOpaque() throws {
        let jpeg = try ImageEncoder.encodeJPEG(TestImages.noise(width: 17, height: 9, seed: 4), quality: 90)
        let image = try ImageDecoder.decode(data: jpeg, source: "t.jpg").image
        #expect(image.isOpaqueByConstruction)
        #expect(!image.hasTransparency)
    }

    /// Changing the pixels drops the mark, so a later transparent pixel is found; the mark
    /// plays no part in equality.
    @Test func changingPixelsClearsTheMark() throws {
        let jpeg = try ImageEncoder.encodeJPEG(TestImages.noise(width: 8, height: 8, seed: 5), quality: 90)
        var image = try ImageDecoder.decode(data: jpeg, source: "t.jpg").image
        let unmarked = HostImage(width: image.width, height: image.height, computedPixels: image.pixels)
        #expect(image == unmarked)
        image.pixels[7] = 0
        #expect(!image.isOpaqueByConstruction)
        #expect(image.hasTransparency)
    }
}
