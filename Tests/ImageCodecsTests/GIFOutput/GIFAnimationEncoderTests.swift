import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// `GIFAnimationEncoder`: loop count, delays, changed rectangles, disposal, and what a viewer
/// shows, read back by the tests' own reader.
@Suite struct GIFAnimationEncoderTests {
    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> HostImage {
        HostImage(width: width, height: height, computedPixels: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }

    static func painted(_ image: HostImage, x: Int, y: Int, width: Int, height: Int, _ rgba: [UInt8]) -> HostImage {
        var pixels = image.pixels
        for py in y..<(y + height) {
            for px in x..<(x + width) { pixels.replaceSubrange(((py * image.width + px) * 4)..<((py * image.width + px) * 4 + 4), with: rgba) }
        }
        return HostImage(width: image.width, height: image.height, computedPixels: pixels)
    }

    static func encode(_ frames: [(HostImage, Duration?)], loop: Int? = 0, metadata: ImageMetadata = ImageMetadata(),
                       options: EncodeOptions = EncodeOptions()) throws -> [UInt8] {
        var encoder = try GIFAnimationEncoder(width: frames[0].0.width, height: frames[0].0.height, loopCount: loop,
                                              metadata: metadata, options: options, destination: "a.gif")
        for (frame, duration) in frames { try encoder.append(frame, duration: duration) }
        return try encoder.finish()
    }

    @Test("the loop count is NETSCAPE2.0, byte for byte; nil writes none", arguments: [nil, 0, 1, 7, 65_535])
    func loopCount(_ loop: Int?) throws {
        let frame = Self.solid(4, 3, [9, 8, 7, 255])
        let file = try GIFTestFile(Self.encode([(frame, .milliseconds(50)), (Self.painted(frame, x: 1, y: 1, width: 1, height: 1, [1, 2, 3, 255]), nil)], loop: loop))
        if let loop {
            #expect(file.applications.count == 1 && file.applications[0].identifier == "NETSCAPE2.0")
            #expect(file.applications[0].bytes == [3, 1, UInt8(loop & 0xFF), UInt8(loop >> 8), 0])
        } else {
            #expect(file.applications.isEmpty)
        }
    }

    @Test("delays are whole centiseconds cut down as Pillow's int(ms / 10); nil is 0")
    func delays() throws {
        let base = Self.solid(6, 4, [0, 0, 0, 255])
        let durations: [Duration?] = [.milliseconds(25), nil, .milliseconds(1234), .seconds(1), .milliseconds(9),
                                      .seconds(700), .milliseconds(-40), .microseconds(100_999)]
        let frames = durations.enumerated().map { i, d in (Self.painted(base, x: i % 6, y: 0, width: 1, height: 1, [UInt8(i * 30), 0, 0, 255]), d) }
        let file = try GIFTestFile(Self.encode(frames))
        #expect(file.frames.map(\.delay) == [2, 0, 123, 100, 0, 65_535, 0, 10])
        #expect(file.frames.allSatisfy { $0.disposal == 1 })
        #expect(GIFFrameDelay.centiseconds(.milliseconds(19)) == 1 && GIFFrameDelay.centiseconds(.seconds(655.36)) == 65_535)
    }

    @Test("after the first, a frame holds only the changed rectangle, the rest transparent; frames show exactly")
    func changedRectangle() throws {
        let base = Self.painted(Self.solid(40, 30, [30, 60, 90, 255]), x: 0, y: 0, width: 40, height: 1, [200, 0, 0, 255])
        let second = Self.painted(base, x: 10, y: 5, width: 4, height: 3, [200, 0, 0, 255])
        let third = Self.painted(Self.painted(second, x: 12, y: 6, width: 1, height: 1, [30, 60, 90, 255]),
                                 x: 30, y: 20, width: 2, height: 2, [0, 200, 0, 255])
        let file = try GIFTestFile(Self.encode([(base, .milliseconds(100)), (second, .milliseconds(100)), (third, .milliseconds(100))]))
        #expect(file.frames.count == 3)
        #expect(file.frames[0].x == 0 && file.frames[0].width == 40 && file.frames[0].height == 30)
        let written2 = file.frames[1], written3 = file.frames[2]
        #expect(written2.x == 10 && written2.y == 5 && written2.width == 4 && written2.height == 3)
        #expect(written3.x == 12 && written3.y == 6 && written3.width == 20 && written3.height == 16)
        // Unchanged pixels inside the third frame's rectangle are its transparent index.
        let t = try #require(file.frames[2].transparentIndex)
        #expect(file.frames[2].indices.filter { $0 != UInt8(t) }.count == 5)
        // Colours come from the global table when all are in it, else from the frame's own.
        #expect(file.frames[1].localTable == nil && file.frames[2].localTable != nil)
        #expect(file.shownFrames() == [base.pixels, second.pixels, third.pixels])
    }

    @Test("a frame equal to the one before adds its delay to it (as Pillow merges them)")
    func identicalFramesMerge() throws {
        let a = Self.solid(5, 5, [1, 2, 3, 255])
        let b = Self.painted(a, x: 2, y: 2, width: 1, height: 1, [250, 2, 3, 255])
        let file = try GIFTestFile(Self.encode([(a, .milliseconds(100)), (a, .milliseconds(50)), (b, .milliseconds(70)), (b, .milliseconds(30))]))
        #expect(file.frames.map(\.delay) == [15, 10])
        #expect(file.shownFrames() == [a.pixels, b.pixels])
    }

    @Test("pixels turning transparent dispose the frame before (disposal 2), inside and outside its rectangle")
    func turningTransparent() throws {
        let clear: [UInt8] = [0, 0, 0, 0]
        let first = Self.solid(12, 10, [50, 50, 50, 255])
        // Inside the second frame's rectangle: the second is disposed to the background.
        let second = Self.painted(first, x: 2, y: 2, width: 4, height: 4, [255, 0, 0, 255])
        let third = Self.painted(second, x: 3, y: 3, width: 2, height: 2, clear)
        // Outside the third frame's rectangle: the third is written again over the whole screen.
        let fourth = Self.painted(third, x: 10, y: 8, width: 2, height: 2, clear)
        // Only clearing, nothing drawn.
        let fifth = Self.painted(fourth, x: 0, y: 0, width: 12, height: 10, clear)
        let frames = [first, second, third, fourth, fifth]
        let file = try GIFTestFile(Self.encode(frames.map { ($0, .milliseconds(40)) }))
        #expect(file.frames.map(\.disposal) == [1, 2, 2, 2, 1])
        #expect(file.frames.count == 5)
        #expect(file.frames[2].width == 12 && file.frames[2].height == 10)   // the third, written whole
        let shown = file.shownFrames()
        // Alpha 0 shows as transparent black (the reader's clear), whatever colour it had.
        #expect(shown == frames.map(\.pixels))
        #expect(file.frames.map(\.delay) == [4, 4, 4, 4, 4])
    }

    @Test("a photo animation is shown within its quantisation, every frame, the same bytes each run")
    func photoFrames() throws {
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("coffee.png")).image
        let frames = (0..<4).map { i in GIFQuantisationTests.crop(photo, x: 50 + 9 * i, y: 40 + 3 * i, width: 96, height: 64) }
        let gif = try Self.encode(frames.map { ($0, .milliseconds(80)) })
        #expect(gif == (try Self.encode(frames.map { ($0, .milliseconds(80)) })))
        let shown = try GIFTestFile(gif).shownFrames()
        #expect(shown.count == 4)
        for (s, f) in zip(shown, frames) { #expect(GIFQuantisationTests.meanAbsoluteError(s, f.pixels) < 3) }
        // giflib reads the first frame as our reader shows it.
        #expect(try ImageDecoder.decode(data: gif, source: "a.gif").image.pixels == shown[0])
    }

    @Test("bad sizes, loop counts, frames and an empty animation are refused by name")
    func refusals() throws {
        func reason(_ body: () throws(ImageCodecError) -> Void) -> ImageCodecError.Reason? {
            CodecTestHelpers.failureReason { () throws(ImageCodecError) in try body() }
        }
        let none = ImageMetadata(), options = EncodeOptions()
        #expect(reason { () throws(ImageCodecError) in _ = try GIFAnimationEncoder(width: 0, height: 5, loopCount: nil, metadata: none, options: options, destination: "a.gif") }
                == .encodeFailed("GIF sides are 1...65535 pixels (got 0x5)"))
        #expect(reason { () throws(ImageCodecError) in _ = try GIFAnimationEncoder(width: 65_536, height: 5, loopCount: nil, metadata: none, options: options, destination: "a.gif") }
                == .encodeFailed("GIF sides are 1...65535 pixels (got 65536x5)"))
        #expect(reason { () throws(ImageCodecError) in _ = try GIFAnimationEncoder(width: 5, height: 5, loopCount: -1, metadata: none, options: options, destination: "a.gif") }
                == .encodeFailed("GIF loop count must be 0...65535 (got -1)"))
        #expect(reason { () throws(ImageCodecError) in _ = try GIFAnimationEncoder(width: 5, height: 5, loopCount: 65_536, metadata: none, options: options, destination: "a.gif") }
                == .encodeFailed("GIF loop count must be 0...65535 (got 65536)"))
        #expect(reason { () throws(ImageCodecError) in
            var e = try GIFAnimationEncoder(width: 5, height: 5, loopCount: 0, metadata: none, options: options, destination: "a.gif")
            try e.append(Self.solid(5, 4, [0, 0, 0, 255]), duration: nil)
        } == .encodeFailed("frame is 5x4, the GIF is 5x5"))
        #expect(reason { () throws(ImageCodecError) in
            let e = try GIFAnimationEncoder(width: 5, height: 5, loopCount: 0, metadata: none, options: options, destination: "a.gif")
            _ = try e.finish()
        } == .encodeFailed("a GIF needs at least one frame"))
        let error = try #require(throws: ImageCodecError.self) {
            _ = try GIFAnimationEncoder(width: 5, height: 5, loopCount: -1, metadata: none, options: options, destination: "a.gif")
        }
        #expect(error.source == "a.gif")
    }

    @Test("ICC and XMP go after the loop extension, as options.keep asks")
    func metadataOrder() throws {
        let frame = Self.solid(3, 3, [5, 5, 5, 255])
        let metadata = ImageMetadata(iccProfile: [1, 2, 3, 4], xmp: Array("<x:xmpmeta/>".utf8))
        let all = try GIFTestFile(Self.encode([(frame, nil)], loop: 0, metadata: metadata, options: EncodeOptions(keep: .all)))
        #expect(all.applications.map(\.identifier) == ["NETSCAPE2.0", "ICCRGBG1012", "XMP DataXMP"])
        #expect(all.applications[1].bytes == [4, 1, 2, 3, 4, 0])
        let xmpOnly = try GIFTestFile(Self.encode([(frame, nil)], loop: nil, metadata: metadata, options: EncodeOptions(keep: .xmp)))
        #expect(xmpOnly.applications.map(\.identifier) == ["XMP DataXMP"])
    }
}
