import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// A profile written into a lossless JPEG XL comes back describing the same colours, not
/// necessarily the same bytes: libjxl stores a profile it recognises (sRGB, Display P3, …) as
/// a colour encoding and synthesises its own profile for it on decode. Checked as what the
/// profiles do: every colour of a ramp converted to sRGB through the written and the read
/// profile (lcms2, `ColourTransform`) comes out the same, within lcms2's table rounding.
@Suite struct JXLProfileRoundTripTests {
    static let profiles = ["icc/srgb.icc", "srgb/display-p3.icc", "srgb/adobe-rgb.icc", "srgb/prophoto.icc"]

    /// Every 8th level of each channel, and the greys.
    static let ramp: HostImage = {
        var pixels: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) { pixels += [UInt8(r), UInt8(g), UInt8(b), 255] }
            }
        }
        for v in 0..<256 { pixels += [UInt8(v), UInt8(v), UInt8(v), 255] }
        return try! HostImage(width: pixels.count / 4, height: 1, pixels: pixels)
    }()

    static func toSRGB(_ image: HostImage, through profile: [UInt8]) throws -> [UInt8] {
        var copy = image
        try ColourTransform.toSRGB(from: profile).apply(to: &copy)
        return copy.pixels
    }

    @Test("the read profile converts the ramp as the written one does", arguments: profiles)
    func sameColours(_ name: String) throws {
        let written = try [UInt8](Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent(name)))
        let file = try ImageEncoder.encode(Self.ramp, metadata: ImageMetadata(iccProfile: written), as: .jxl,
                                           options: EncodeOptions(lossless: true, keep: .icc))
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(data: file, source: name, options: options)
        #expect(decoded.image.pixels == Self.ramp.pixels)                    // lossless: the stored values
        let read = try #require(decoded.metadata.iccProfile)
        let expected = try Self.toSRGB(Self.ramp, through: written)
        let actual = try Self.toSRGB(Self.ramp, through: read)
        let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "\(name): \(worst) levels apart")
    }
}
