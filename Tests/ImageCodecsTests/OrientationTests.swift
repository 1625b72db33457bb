@testable import ImageCodecs
import Testing
import TestSupport

/// EXIF orientation: the pixel transforms and where the decoder applies them.
@Suite("Codec: EXIF orientation")
struct OrientationTests {
    /// The displayed picture built from naive primitives (mirror, transpose), independently of
    /// the tiled implementation: 6 = transpose then mirror left-right, and so on.
    static func reference(_ image: HostImage, _ orientation: ImageOrientation) -> HostImage {
        func mirrorX(_ i: HostImage) -> HostImage { map(i, i.width, i.height) { x, y in (i.width - 1 - x, y) } }
        func mirrorY(_ i: HostImage) -> HostImage { map(i, i.width, i.height) { x, y in (x, i.height - 1 - y) } }
        func transpose(_ i: HostImage) -> HostImage { map(i, i.height, i.width) { x, y in (y, x) } }
        switch orientation {
        case .topLeft: return image
        case .topRight: return mirrorX(image)
        case .bottomRight: return mirrorY(mirrorX(image))
        case .bottomLeft: return mirrorY(image)
        case .leftTop: return transpose(image)
        case .rightTop: return mirrorX(transpose(image))
        case .rightBottom: return mirrorY(mirrorX(transpose(image)))
        case .leftBottom: return mirrorY(transpose(image))
        }
    }

    /// Output `w x h` whose pixel `(x, y)` is `source[from(x, y)]`.
    static func map(_ source: HostImage, _ w: Int, _ h: Int, _ from: (Int, Int) -> (Int, Int)) -> HostImage {
        var out = HostImage(zeroedWidth: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let (sx, sy) = from(x, y)
                let s = (sy * source.width + sx) * 4, d = (y * w + x) * 4
                out.pixels[d..<(d + 4)] = source.pixels[s..<(s + 4)]
            }
        }
        return out
    }

    static let images = [
        TestImages.noise(width: 37, height: 23, seed: 1, alpha: true),
        TestImages.noise(width: 70, height: 33, seed: 2),            // more than one 32x32 tile
        TestImages.noise(width: 1, height: 5, seed: 3),
        TestImages.noise(width: 1, height: 1, seed: 4),
    ]

    @Test("apply(to:) matches the reference transforms", arguments: ImageOrientation.allCases, images)
    func transform(_ orientation: ImageOrientation, _ image: HostImage) {
        let out = orientation.apply(to: image)
        let expected = Self.reference(image, orientation)
        #expect(out.width == expected.width && out.height == expected.height)
        #expect(CodecTestHelpers.firstDifference(out.pixels, expected.pixels, width: expected.width) == nil)
        let size = orientation.displayedSize(width: image.width, height: image.height)
        #expect(size.width == out.width && size.height == out.height)
    }

    @Test("EXIF values outside 1...8 mean 'as stored'")
    func invalidValues() {
        #expect(ImageOrientation(exifValue: 0) == .topLeft)
        #expect(ImageOrientation(exifValue: 9) == .topLeft)
        #expect(ImageOrientation(exifValue: 6) == .rightTop)
    }

    @Test("headers report the orientation, both byte orders and PNG eXIf", arguments: [
        ("jpeg-exif1-12x7.jpg", ImageOrientation.topLeft), ("jpeg-exif6-12x7.jpg", .rightTop),
        ("jpeg-exif8-mm-12x7.jpg", .leftBottom), ("jpeg-exif3-mm-12x7.jpg", .bottomRight),
        ("png-rgb8-exif6-7x3.png", .rightTop), ("jpeg-rgb420-37x23.jpg", .topLeft),
    ])
    func header(_ file: String, _ orientation: ImageOrientation) throws {
        let header = try ImageDecoder.readHeader(contentsOf: CodecTestHelpers.file(file))
        #expect(header.orientation == orientation)
        let stored = file.hasPrefix("png") ? (7, 3) : (file.contains("37x23") ? (37, 23) : (12, 7))
        #expect(header.storedWidth == stored.0 && header.storedHeight == stored.1)
        #expect(header.width == (orientation.swapsWidthAndHeight ? stored.1 : stored.0))
        #expect(header.height == (orientation.swapsWidthAndHeight ? stored.0 : stored.1))
    }

    @Test("applyOrientation: false keeps the stored pixels", arguments: 2...8)
    func disabled(_ value: Int) throws {
        // All jpeg-exifN fixtures hold the same stored picture.
        let off = DecodeOptions(applyOrientation: false)
        let plain = try ImageDecoder.decode(contentsOf: CodecTestHelpers.file("jpeg-exif1-12x7.jpg"), options: off)
        let tagged = try ImageDecoder.decode(contentsOf: CodecTestHelpers.file("jpeg-exif\(value)-12x7.jpg"), options: off)
        #expect(tagged.metadata.orientation == ImageOrientation(exifValue: value))
        #expect(tagged.image == plain.image)
        #expect(tagged.facts.sourceWidth == 12 && tagged.facts.sourceHeight == 7)
        // and with it on, the stored picture is transformed
        let on = try ImageDecoder.decode(contentsOf: CodecTestHelpers.file("jpeg-exif\(value)-12x7.jpg"))
        #expect(on.image == ImageOrientation(exifValue: value).apply(to: plain.image))
    }

    @Test("a rotated sample photo comes out upright, identical to the unrotated one")
    func rotatedSample() throws {
        let rotated = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("coffee-exif-rotated.jpg"))
        #expect(rotated.metadata.orientation == .rightTop)
        #expect(rotated.image.width == 600 && rotated.image.height == 400)
        // The JPEG of the turned picture is not the JPEG of the upright one (blocks differ), so
        // compare with the lossless original loosely: same picture, not the same bytes.
        let original = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("coffee.png")).image
        #expect(CodecTestHelpers.psnr(rotated.image, original) > 30)
    }
}
