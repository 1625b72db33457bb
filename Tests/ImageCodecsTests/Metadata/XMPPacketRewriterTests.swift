@testable import ImageCodecs
import Testing

/// XMP's orientation and dimensions rewritten in attribute and element form, and nothing else.
@Suite struct XMPPacketRewriterTests {
    static func rewrite(_ text: String, upright: Bool = true, size: (Int, Int)? = nil) -> String {
        String(decoding: XMPPacketRewriter.rewrite(Array(text.utf8), uprightOrientation: upright,
                                                   pixelSize: size.map { (width: $0.0, height: $0.1) }), as: UTF8.self)
    }

    static let orientations: [(String, String)] = [
        (#"<d tiff:Orientation="6"/>"#, #"<d tiff:Orientation="1"/>"#),
        ("<d tiff:Orientation='8'/>", "<d tiff:Orientation='1'/>"),
        ("<tiff:Orientation>3</tiff:Orientation>", "<tiff:Orientation>1</tiff:Orientation>"),
        (#"<d xtiff:Orientation="6" tiff:OrientationX="6"/>"#, #"<d xtiff:Orientation="6" tiff:OrientationX="6"/>"#),
        (#"<d tiff:Orientation="6"/><e tiff:Orientation="5"/>"#, #"<d tiff:Orientation="1"/><e tiff:Orientation="1"/>"#),
        (#"<d tiff:Orientation="6"#, #"<d tiff:Orientation="6"#),
        ("no orientation here", "no orientation here"),
    ]

    @Test(arguments: orientations)
    func orientation(_ input: String, _ expected: String) {
        #expect(Self.rewrite(input) == expected)
    }

    @Test func dimensionsAndNothingWhenUnasked() {
        let packet = #"<d exif:PixelXDimension="4000" exif:PixelYDimension="3000" tiff:Orientation="6"/>"#
        #expect(Self.rewrite(packet, upright: false, size: (640, 480))
                == #"<d exif:PixelXDimension="640" exif:PixelYDimension="480" tiff:Orientation="6"/>"#)
        #expect(Self.rewrite(packet, upright: false) == packet)
    }
}
