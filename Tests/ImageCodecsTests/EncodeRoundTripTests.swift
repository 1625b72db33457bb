@testable import ImageCodecs
import Testing
import TestSupport

/// Encoding: PNG is lossless, JPEG is close and byte-identical to Pillow's.
@Suite("Codec: encoders")
struct EncodeRoundTripTests {
    static let pngImages: [HostImage] = [
        TestImages.gradient(width: 1, height: 1),
        TestImages.gradient(width: 7, height: 3),
        TestImages.gradient(width: 1, height: 17),
        TestImages.noise(width: 17, height: 1, seed: 1, alpha: true),
        TestImages.noise(width: 13, height: 5, seed: 2, alpha: true),
        TestImages.noise(width: 301, height: 97, seed: 3, alpha: true),
        TestImages.noise(width: 64, height: 64, seed: 4),
        TestImages.checkerboard(width: 37, height: 23),
    ]

    @Test("PNG round trip is lossless", arguments: pngImages)
    func pngRoundTrip(_ image: HostImage) throws {
        let png = try ImageEncoder.encodePNG(image)
        let decoded = try ImageDecoder.decode(data: png, source: "round trip")
        #expect(decoded.facts.format == .png)
        #expect(decoded.image == image)
    }

    @Test("fast PNG compression is lossless too, and trades size for speed on a photo")
    func pngFast() throws {
        let noise = TestImages.noise(width: 45, height: 31, seed: 8, alpha: true)
        #expect(try ImageDecoder.decode(data: ImageEncoder.encodePNG(noise, compression: .fast), source: "fast").image == noise)
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png")).image
        let fast = try ImageEncoder.encodePNG(photo, compression: .fast)
        let standard = try ImageEncoder.encodePNG(photo)
        #expect(try ImageDecoder.decode(data: fast, source: "fast").image == photo)
        #expect(fast.count > standard.count)
    }

    @Test("opaque images are written as RGB, others as RGBA")
    func pngColourType() throws {
        // Byte 25 of a PNG is the IHDR colour type: 2 = RGB, 6 = RGBA.
        let opaque = try ImageEncoder.encodePNG(TestImages.noise(width: 9, height: 4, seed: 5))
        let transparent = try ImageEncoder.encodePNG(TestImages.noise(width: 9, height: 4, seed: 5, alpha: true))
        #expect(opaque[25] == 2)
        #expect(transparent[25] == 6)
    }

    @Test("JPEG round trip of a gradient at quality 90 is above 40 dB and opaque")
    func jpegRoundTrip() throws {
        let image = TestImages.gradient(width: 256, height: 192)
        let jpeg = try ImageEncoder.encodeJPEG(image, quality: 90)
        let decoded = try ImageDecoder.decode(data: jpeg, source: "round trip")
        #expect(decoded.facts.format == .jpeg)
        #expect(decoded.image.width == 256 && decoded.image.height == 192)
        #expect(CodecTestHelpers.psnr(decoded.image, image) > 40)
        #expect(!decoded.image.hasTransparency)
    }

    @Test("JPEG drops alpha: a transparent image comes back opaque")
    func jpegDropsAlpha() throws {
        let image = TestImages.noise(width: 33, height: 17, seed: 6, alpha: true)
        let decoded = try ImageDecoder.decode(data: ImageEncoder.encodeJPEG(image, quality: 95), source: "alpha")
        #expect(!decoded.image.hasTransparency)
    }

    @Test("JPEG quality orders the file sizes")
    func jpegQualityOrdersSize() throws {
        let image = TestImages.noise(width: 64, height: 64, seed: 7)
        let sizes = try [10, 50, 90, 100].map { try ImageEncoder.encodeJPEG(image, quality: $0).count }
        #expect(sizes == sizes.sorted() && Set(sizes).count == 4)
    }

    @Test("encodeJPEG writes the bytes Pillow's save(quality=90) wrote", arguments: ["astronaut", "coffee", "chelsea"])
    func jpegMatchesPillow(_ name: String) throws {
        let source = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("\(name).png")).image
        let pillow = try ImageFileReader.readAll(path: CodecTestHelpers.sample("\(name).jpg"))
        let ours = try ImageEncoder.encodeJPEG(source, quality: 90)
        #expect(ours.count == pillow.count)
        #expect(ours == pillow)
    }

    @Test("a photo survives PNG encoding unchanged")
    func pngPhoto() throws {
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png")).image
        let again = try ImageDecoder.decode(data: ImageEncoder.encodePNG(photo), source: "chelsea").image
        #expect(again == photo)
    }

    @Test("encode(_:as:) picks the format")
    func encodeByFormat() throws {
        let image = TestImages.gradient(width: 8, height: 8)
        #expect(try ImageEncoder.encode(image, as: .png).starts(with: ImageFormat.pngSignature))
        #expect(try ImageEncoder.encode(image, as: .jpeg, quality: 70).starts(with: ImageFormat.jpegSignature))
    }

    @Test("bad encoder input is refused with a reason")
    func encoderErrors() {
        let image = TestImages.gradient(width: 4, height: 4)
        for quality in [0, 101, -5] {
            #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in
                try ImageEncoder.encodeJPEG(image, quality: quality, destination: "out.jpg")
            } == .encodeFailed("JPEG quality \(quality) is outside 1...100"))
        }
        let empty = HostImage(zeroedWidth: 0, height: 0)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageEncoder.encodePNG(empty, destination: "out.png")
        } == .encodeFailed("the image is 0x0"))
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageEncoder.encodeJPEG(empty, destination: "out.jpg")
        } == .encodeFailed("the image is 0x0"))
    }
}
