import FuzzSupport
import ImageCodecs

/// The frame readers of animated inputs (`DecodeOptions.frames == .all`): GIF frames composed
/// by `GIFCanvas` (disposal, transparency, frames reaching past the canvas), WebP frames from
/// libwebp's `WebPAnimDecoder`, APNG frames (`APNGFrames`' chunk walk, `APNGCanvas`), AVIF
/// sequences, streamed through `AnimationFrames` up to a frame limit the first byte sets (1...16).
///
/// Checked: every frame fills the first frame's canvas (width × height × 4 bytes); no more
/// frames come than the limit (`tooManyFrames` past it); a reader that failed once fails again
/// or ends, and never hands out a frame after its error; reading twice gives the same frames.
@_cdecl("FuzzAnimation_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        var options = DecodeOptions(maxPixels: 1 << 20, memoryBudget: 1 << 27)
        options.frames = .all
        options.maxFrames = Int(input.byte() & 15) + 1
        let file = input.rest()
        let first = frames(file, options: options)
        let second = frames(file, options: options)
        FuzzDriver.require(first.count == second.count && zip(first, second).allSatisfy { $0 == $1 },
                           "two reads of the same animation differ")
    }
}

/// Every frame's bytes and duration until the end or the first error, checked as they come.
private func frames(_ file: [UInt8], options: DecodeOptions) -> [ImageFrame<HostImage>] {
    guard let decoded = try? ImageDecoder.decode(data: file, source: "fuzz", options: options) else { return [] }
    var frames = decoded.frames
    let (width, height) = (decoded.image.width, decoded.image.height)
    guard let animation = decoded.animation else { return frames }
    FuzzDriver.require(decoded.facts.isAnimated, "an animation whose facts say it is still")
    FuzzDriver.require(animation.width == width && animation.height == height, "canvas differs from the first frame")
    while true {
        let next: ImageFrame<HostImage>?
        do {
            next = try animation.next()
        } catch {
            if case .tooManyFrames(let limit) = error.reason {
                FuzzDriver.require(limit == options.maxFrames && frames.count == limit, "frame limit at \(frames.count)")
            }
            // After an error the reader hands out no frame.
            FuzzDriver.require((try? animation.next()) == nil, "a frame after an error")
            break
        }
        guard let next else { break }
        FuzzDriver.require(next.pixels.width == width && next.pixels.height == height
                           && next.pixels.pixels.count == width * height * 4, "frame size")
        frames.append(next)
        FuzzDriver.require(frames.count <= options.maxFrames, "more frames than the limit")
    }
    return frames
}
