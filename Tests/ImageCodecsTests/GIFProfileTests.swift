import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// The ICC profile of a GIF: the `ICCRGBG1012` application extension (ImageMagick's layout,
/// which `GIFBlocks.iccExtension` writes), read back byte for byte; one that cannot be used is
/// left out with a warning, and the picture decodes as without it.
@Suite struct GIFProfileTests {
    /// lcms2's sRGB profile, which the fixtures carry (scripts/fixtures/make_bmp_gif_fixtures.py).
    static func fixtureProfile() throws -> [UInt8] { try GIFDecodeTests.bytes("icc-profile.icc") }

    static func decode(_ bytes: [UInt8], readsProfile: Bool = true) throws -> DecodedImage {
        var options = DecodeOptions()
        options.readsICCProfile = readsProfile
        return try ImageDecoder.decode(data: bytes, source: "p.gif", options: options)
    }

    /// `palette.gif` with `extensions` between its global colour table and its image.
    static func paletteGIF(with extensions: [UInt8]) throws -> [UInt8] {
        let base = try GIFDecodeTests.bytes("palette.gif")
        let at = 13 + 3 * (2 << Int(base[10] & 7))
        return Array(base[..<at]) + extensions + Array(base[at...])
    }

    @Test("the fixture's extension reads back as the profile it holds, in three sub-blocks, and decodes as palette.gif")
    func fixtureProfileIsRead() throws {
        let profile = try Self.fixtureProfile()
        #expect(profile.count == 588)
        let file = try GIFDecodeTests.bytes("icc-profile.gif")
        #expect(ICCProfile.read(from: file) == profile)
        let decoded = try Self.decode(file)
        #expect(decoded.metadata.iccProfile == profile)
        #expect(decoded.facts.metadataWarnings.isEmpty)
        #expect(decoded.image == (try Self.decode(GIFDecodeTests.bytes("palette.gif"))).image)
        // Asked for no profile: none, and nothing to warn about.
        #expect(try Self.decode(file, readsProfile: false).metadata.iccProfile == nil)
    }

    @Test("an extension cut short (two of its three sub-blocks) is no profile and one warning; the picture is unchanged")
    func cutExtensionIsDropped() throws {
        let file = try GIFDecodeTests.bytes("icc-profile-cut.gif")
        #expect(ICCProfile.read(from: file) == nil)
        let decoded = try Self.decode(file)
        #expect(decoded.metadata.iccProfile == nil)
        #expect(decoded.facts.metadataWarnings
            == ["ICC profile dropped: the GIF's ICCRGBG1012 extension holds 510 bytes; its profile's header says 588"])
        #expect(decoded.image == (try Self.decode(GIFDecodeTests.bytes("palette.gif"))).image)
        #expect(try Self.decode(file, readsProfile: false).facts.metadataWarnings.isEmpty)
    }

    @Test("a profile shorter than an ICC header is dropped with its reason")
    func shortProfileIsDropped() throws {
        var extensionBytes: [UInt8] = []
        GIFBlocks.iccExtension([0, 0, 0, 60] + [UInt8](repeating: 7, count: 56), into: &extensionBytes)
        let decoded = try Self.decode(Self.paletteGIF(with: extensionBytes))
        #expect(decoded.metadata.iccProfile == nil)
        #expect(decoded.facts.metadataWarnings
            == ["ICC profile dropped: the GIF's ICCRGBG1012 extension holds 60 bytes, less than an ICC profile's 128-byte header"])
    }

    @Test("the profile is found after a comment, the loop and an XMP extension; an empty one is no profile")
    func profileAfterOtherExtensions() throws {
        let profile = try Self.fixtureProfile()
        var before: [UInt8] = [0x21, 0xFE, 5] + Array("hello".utf8) + [0]
        GIFBlocks.loopExtension(0, into: &before)
        GIFBlocks.xmpExtension(Array("<x:xmpmeta>GIF</x:xmpmeta>".utf8), into: &before)
        var withProfile = before
        GIFBlocks.iccExtension(profile, into: &withProfile)
        #expect(ICCProfile.read(from: try Self.paletteGIF(with: withProfile)) == profile)
        var empty = before
        GIFBlocks.iccExtension([], into: &empty)
        let decoded = try Self.decode(Self.paletteGIF(with: empty))
        #expect(decoded.metadata.iccProfile == nil && decoded.facts.metadataWarnings.isEmpty)
    }

    @Test("a file that ends inside the extension has no profile and fails as truncated, as it did before")
    func fileEndingInsideTheExtension() throws {
        let file = try GIFDecodeTests.bytes("icc-profile.gif")
        let cut = Array(file.prefix(13 + 3 * (2 << Int(file[10] & 7)) + 300))
        #expect(ICCProfile.read(from: cut) == nil)
        #expect(GIFColourProfile.read(UnsafeRawBufferPointer(start: nil, count: 0)) == .absent)
        #expect(throws: ImageCodecError(source: "p.gif", reason: .truncated)) { try Self.decode(cut) }
    }

    @Test("a profile written into a still and into an animation reads back as written")
    func savedProfileRoundTrips() throws {
        let profile = try Self.fixtureProfile()
        let image = TestImages.noise(width: 9, height: 7, seed: 3, alpha: true)
        let still = try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: profile), as: .gif)
        #expect(ICCProfile.read(from: still) == profile)
        var encoder = try GIFAnimationEncoder(width: 9, height: 7, loopCount: 0, metadata: ImageMetadata(iccProfile: profile),
                                              options: EncodeOptions(), destination: "a.gif")
        try encoder.append(image, duration: .milliseconds(50))
        try encoder.append(TestImages.noise(width: 9, height: 7, seed: 4, alpha: false), duration: .milliseconds(50))
        let animation = try encoder.finish()
        #expect(ICCProfile.read(from: animation) == profile)
        var options = DecodeOptions()
        options.readsICCProfile = true
        options.frames = .all
        #expect(try ImageDecoder.decode(data: animation, source: "a.gif", options: options).metadata.iccProfile == profile)
    }
}
