import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Each saver writes the image's ICC profile itself while encoding (`ImageSaver`), and the
/// bytes are those the old path gave: encode without a profile, then splice it in
/// (`LegacyProfileEmbed`, the removed `ICCProfile.embed` kept verbatim), for every fixture
/// image, in PNG, JPEG and WebP (lossy and lossless), with no profile, the file's own, a
/// small one, one of two JPEG segments and an empty one.
@Suite("Codec: savers write the profile as the old splice did")
struct ProfileWritingTests {
    /// Every decodable image of the codec fixtures, the decode fixtures, the ICC fixtures and
    /// two sample photos with profiles, grouped by folder (one test case each).
    static let folders: [String] = {
        let codecFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let subfolders = (try? FileManager.default.contentsOfDirectory(atPath: codecFixtures.path)) ?? []
        return subfolders.sorted().map { codecFixtures.appendingPathComponent($0).path }
            + ["decode", "icc"].map { RepositoryPaths.fixtures.appendingPathComponent($0).path }
    }()

    static let encodings: [(ImageFormat, EncodeOptions)] = [
        (.png, EncodeOptions()), (.png, EncodeOptions(pngCompression: .fast)),
        (.jpeg, EncodeOptions(quality: 90)), (.jpeg, EncodeOptions(quality: 35)),
        (.webp, EncodeOptions(quality: 80)), (.webp, EncodeOptions(lossless: true)),
    ]

    /// A 3,000-byte profile, and one of 70,000 bytes that JPEG writes as two APP2 segments.
    static let small = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    static let twoSegments = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 8) }

    static func images(in folder: String) -> [(name: String, decoded: DecodedImage)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var options = DecodeOptions(failOnWarnings: false)
        options.readsICCProfile = true
        return names.filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".md") && !$0.hasSuffix(".icc") }.compactMap { name in
            (try? ImageDecoder.decode(contentsOf: folder + "/" + name, options: options)).map { (name, $0) }
        }
    }

    @Test("every fixture, saved with a profile, gives the old splice's bytes", arguments: folders)
    func fixturesInFolder(_ folder: String) throws {
        let images = Self.images(in: folder)
        #expect(!images.isEmpty, "no image decoded in \(folder)")
        for (name, decoded) in images {
            var profiles: [[UInt8]?] = [nil, Self.small, []]
            if let own = decoded.metadata.iccProfile { profiles.append(own) }
            for (format, options) in Self.encodings {
                let plain = try ImageEncoder.encode(decoded.image, as: format, options: options)
                for profile in profiles {
                    let new = try ImageEncoder.encode(decoded.image, metadata: ImageMetadata(iccProfile: profile),
                                                      as: format, options: options)
                    let old = profile.map { LegacyProfileEmbed.embed($0, in: plain, format: format) } ?? plain
                    #expect(new == old, "\(name) as \(format) with a \(profile?.count ?? -1)-byte profile")
                }
            }
        }
    }

    @Test("two sample photos with their own profiles, and a two-segment profile", arguments: ["astronaut.png", "chelsea.png"])
    func samples(_ name: String) throws {
        var options = DecodeOptions()
        options.readsICCProfile = true
        let decoded = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample(name), options: options)
        let own = try #require(decoded.metadata.iccProfile)
        for (format, encodeOptions) in Self.encodings {
            let plain = try ImageEncoder.encode(decoded.image, as: format, options: encodeOptions)
            for profile in [own, Self.twoSegments] {
                let new = try ImageEncoder.encode(decoded.image, metadata: decoded.metadata.with(profile),
                                                  as: format, options: encodeOptions)
                #expect(new == LegacyProfileEmbed.embed(profile, in: plain, format: format), "\(name) as \(format)")
                #expect(ICCProfile.read(from: new) == profile)
            }
        }
    }

    @Test("a profile is left out when not kept, and when past the 16 MiB bound")
    func profileLeftOut() throws {
        let image = TestImages.gradient(width: 9, height: 5)
        for format in ImageFormat.allCases.filter(\.isWritable) {
            let plain = try ImageEncoder.encode(image, as: format)
            let notKept = try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: Self.small), as: format,
                                                  options: EncodeOptions(keep: .none))
            #expect(notKept == plain)
            let huge = [UInt8](repeating: 7, count: ICCProfile.maximumBytes + 1)
            #expect(try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: huge), as: format) == plain)
        }
    }

    @Test("a format only read is refused by name, with or without metadata")
    func readOnlyFormat() {
        let image = TestImages.gradient(width: 4, height: 4)
        #expect(CodecTestHelpers.failureReason { () throws(ImageCodecError) in
            try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: Self.small), as: .bmp)
        } == .encodeFailed("BMP is read but not written; write PNG instead"))
    }
}

private extension ImageMetadata {
    func with(_ profile: [UInt8]) -> ImageMetadata {
        var copy = self
        copy.iccProfile = profile
        return copy
    }
}
