import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// `WebPAnimationEncoder`: lossless frames decode to the pixels appended, with their durations
/// and the loop count; bad frames and settings are refused by name.
@Suite struct WebPAnimationEncoderTests {
    /// Pillow's frames of a fixture.
    static func pillowFrames(_ name: String) throws -> [HostImage] {
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == name })
        let strip = try ImageDecoder.decode(contentsOf: fixture.framesPath).image
        let bytes = fixture.width * fixture.height * 4
        return try (0..<fixture.frames).map { i in
            try HostImage(width: fixture.width, height: fixture.height,
                          pixels: Array(strip.pixels[(i * bytes)..<((i + 1) * bytes)]))
        }
    }

    static func decodeAll(_ file: [UInt8]) throws -> (Int?, [ImageFrame<HostImage>]) {
        var options = DecodeOptions()
        options.frames = .all
        let decoded = try ImageDecoder.decode(data: file, source: "out.webp", options: options)
        var frames = decoded.frames
        while let frame = try decoded.animation?.next() { frames.append(frame) }
        return (decoded.animation?.loopCount, frames)
    }

    @Test(arguments: [(Int?.none, 1), (0, 0), (7, 7)])
    func losslessFramesComeBackExactly(loop: Int?, stated: Int) throws {
        let frames = try Self.pillowFrames("transparent.gif")
        var encoder = try WebPAnimationEncoder(width: frames[0].width, height: frames[0].height, loopCount: loop,
                                               metadata: ImageMetadata(), options: EncodeOptions(lossless: true),
                                               destination: "out.webp")
        for (i, frame) in frames.enumerated() {
            try encoder.append(frame, duration: i == 1 ? nil : .milliseconds(10 * (i + 1)))
        }
        let (loopCount, decoded) = try Self.decodeAll(try encoder.finish())
        #expect(loopCount == stated)
        #expect(decoded.map(\.pixels) == frames)
        #expect(decoded.map(\.duration) == [.milliseconds(10), WebPAnimationEncoder.defaultDuration, .milliseconds(30),
                                            .milliseconds(40)])
    }

    @Test func aFrameOfAnotherSizeIsRefused() throws {
        var encoder = try WebPAnimationEncoder(width: 4, height: 4, loopCount: 0, metadata: ImageMetadata(),
                                               options: EncodeOptions(), destination: "out.webp")
        #expect(throws: ImageCodecError(source: "out.webp", reason: .encodeFailed("frame 4x5 in an animation of 4x4"))) {
            try encoder.append(try HostImage(width: 4, height: 5), duration: nil)
        }
    }

    @Test func badSettingsAreRefused() {
        #expect(throws: ImageCodecError(source: "o.webp", reason: .encodeFailed("WebP effort 7 is outside 0...6"))) {
            _ = try WebPAnimationEncoder(width: 4, height: 4, loopCount: 0, metadata: ImageMetadata(),
                                         options: EncodeOptions(effort: 7), destination: "o.webp")
        }
        #expect(throws: ImageCodecError(source: "o.webp", reason: .encodeFailed("WebP loop count 70000 is outside 0...65535"))) {
            _ = try WebPAnimationEncoder(width: 4, height: 4, loopCount: 70_000, metadata: ImageMetadata(),
                                         options: EncodeOptions(), destination: "o.webp")
        }
        #expect(throws: ImageCodecError(source: "o.webp", reason: .encodeFailed("WebP size 0x4 is outside 1...16383"))) {
            _ = try WebPAnimationEncoder(width: 0, height: 4, loopCount: 0, metadata: ImageMetadata(),
                                         options: EncodeOptions(), destination: "o.webp")
        }
    }

    @Test func webpAnimatesAndStillFormatsDoNot() {
        #expect(AnimationEncoders.canAnimate(.webp))
        #expect(![ImageFormat.png, .jpeg, .avif, .jxl].contains(where: AnimationEncoders.canAnimate))
    }
}
