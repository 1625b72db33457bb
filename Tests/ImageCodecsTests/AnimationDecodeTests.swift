import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Animated GIF, WebP and APNG read frame by frame (`DecodeOptions.frames == .all`): every frame as
/// Pillow 13.0.0 shows it after `seek(i)`, with its duration and the loop count.
@Suite struct AnimationDecodeTests {
    static var options: DecodeOptions {
        var options = DecodeOptions()
        options.frames = .all
        return options
    }

    /// Every frame of `path`: the first, then the streamed rest.
    static func allFrames(_ path: String, options: DecodeOptions = options) throws -> (DecodedImage, [ImageFrame<HostImage>]) {
        let decoded = try ImageDecoder.decode(contentsOf: path, options: options)
        var frames = decoded.frames
        while let frame = try decoded.animation?.next() { frames.append(frame) }
        return (decoded, frames)
    }

    @Test func everyFixtureIsThere() {
        #expect(AnimationFixtures.cases.map(\.name)
                == ["alpha.webp", "blend.png", "default-image.png", "disposal.gif", "opaque.webp", "pillow-written.gif",
                    "sequence.avif", "transparent.gif"])
    }

    @Test(arguments: AnimationFixtures.cases)
    func framesAreAsPillowShowsThem(_ fixture: AnimationFixtures.Case) throws {
        let (decoded, frames) = try Self.allFrames(fixture.path)
        let reference = try ImageDecoder.decode(contentsOf: fixture.framesPath).image
        #expect(decoded.facts.isAnimated)
        #expect(frames.count == fixture.frames)
        #expect(decoded.animation?.loopCount == fixture.loop)
        let frameBytes = fixture.width * fixture.height * 4
        for (i, frame) in frames.enumerated() {
            #expect(frame.pixels.width == fixture.width && frame.pixels.height == fixture.height)
            let expected = Array(reference.pixels[(i * frameBytes)..<((i + 1) * frameBytes)])
            let difference = CodecTestHelpers.firstDifference(frame.pixels.pixels, expected, width: fixture.width)
            #expect(difference == nil, "frame \(i)")
            #expect(frame.duration == fixture.durations[i].map { .milliseconds($0) }, "frame \(i)")
        }
    }

    @Test(arguments: AnimationFixtures.cases)
    func theFirstFrameAloneByDefault(_ fixture: AnimationFixtures.Case) throws {
        let decoded = try ImageDecoder.decode(contentsOf: fixture.path)
        let (_, frames) = try Self.allFrames(fixture.path)
        #expect(decoded.animation == nil)
        #expect(decoded.facts.isAnimated)
        #expect(decoded.image == frames[0].pixels)
    }

    @Test func aStillIsNotAnimated() throws {
        let path = AnimationFixtures.folder.appendingPathComponent("disposal.gif.frames.png").path
        let decoded = try ImageDecoder.decode(contentsOf: path, options: Self.options)
        #expect(!decoded.facts.isAnimated && decoded.animation == nil)
    }

    @Test(arguments: ["disposal.gif", "alpha.webp", "blend.png"])
    func framesPastTheLimitAreRefused(_ name: String) throws {
        var options = Self.options
        options.maxFrames = 2
        let path = AnimationFixtures.folder.appendingPathComponent(name).path
        #expect(throws: ImageCodecError(source: path, reason: .tooManyFrames(limit: 2))) {
            _ = try Self.allFrames(path, options: options)
        }
    }

    @Test func aGIFCutInALaterFrameIsTruncatedThere() throws {
        let path = AnimationFixtures.folder.appendingPathComponent("disposal.gif").path
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = Array(whole.prefix(whole.count - 200))
        let decoded = try ImageDecoder.decode(data: cut, source: "cut.gif", options: Self.options)
        #expect(throws: ImageCodecError(source: "cut.gif", reason: .truncated)) {
            while try decoded.animation?.next() != nil {}
        }
    }
}
