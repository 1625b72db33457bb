@testable import GPUOps
import CPUCompute
import Foundation
import ImageCodecs
import Testing
import TestSupport

/// Animations through the library in process: `ThumbnailPipeline.runFrames` behind
/// `FanOutSaveOperation`, several sizes from one stream of frames.
@Suite(.timeLimit(.minutes(1)))
struct AnimationPipelineTests {
    static func allFrames(_ path: String) throws -> (Int?, [ImageFrame<HostImage>]) {
        var options = DecodeOptions()
        options.frames = .all
        let decoded = try ImageDecoder.decode(contentsOf: path, options: options)
        var frames = decoded.frames
        while let frame = try decoded.animation?.next() { frames.append(frame) }
        return (decoded.animation?.loopCount, frames)
    }

    static func settings() -> ThumbnailSettings {
        var settings = ThumbnailSettings()
        settings.sizes = [ThumbnailSize(side: 12)!, ThumbnailSize(width: 20, height: 9)!]
        settings.glitch = GlitchParameters(seed: 11, tears: 4)
        settings.effects = [.sepia(SepiaKernel())]
        settings.webpLossless = true
        return settings
    }

    @Test func everySizeGetsEveryFrameAsTheStillsOfPillowsFrames() throws {
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == "transparent.gif" })
        let folder = try ScratchFolder()
        let pipeline = ThumbnailPipeline(settings: Self.settings())
        let input = try pipeline.decode.decode(contentsOf: fixture.path)
        #expect(input.animation != nil)
        let encoding = pipeline.encode(as: .webp)
        let saves = ["a.webp", "b.webp"].map { SaveImageOperation(path: folder.file($0), encoding: encoding) }
        let cpu = CPUBackend(threads: 1)
        let saved = try FanOutSaveOperation(pipeline: pipeline, backend: cpu, saves: saves).execute(input)
        #expect(saved.map { [$0.width, $0.height] } == [[12, 12], [20, 9]])
        let strip = try ImageDecoder.decode(contentsOf: fixture.framesPath).image
        let frameBytes = fixture.width * fixture.height * 4
        let pillow = try (0..<fixture.frames).map { i in
            try HostImage(width: fixture.width, height: fixture.height,
                          pixels: Array(strip.pixels[(i * frameBytes)..<((i + 1) * frameBytes)]))
        }
        let outputs = try ["a.webp", "b.webp"].map { try Self.allFrames(folder.file($0)) }
        for (loop, frames) in outputs {
            #expect(loop == fixture.loop && frames.count == fixture.frames)
        }
        for (i, frame) in pillow.enumerated() {
            let stills = try pipeline.render(.host(frame), on: cpu)
            #expect(outputs[0].1[i].pixels == stills[0], "frame \(i), size 0")
            #expect(outputs[1].1[i].pixels == stills[1], "frame \(i), size 1")
        }
    }

    @Test func savesInAFormatThatCannotAnimateGetTheFirstFrame() throws {
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == "disposal.gif" })
        let folder = try ScratchFolder()
        let pipeline = ThumbnailPipeline(settings: Self.settings())
        let input = try pipeline.decode.decode(contentsOf: fixture.path)
        let saves = [SaveImageOperation(path: folder.file("a.png"), encoding: pipeline.encode(as: .png)),
                     SaveImageOperation(path: folder.file("b.webp"), encoding: pipeline.encode(as: .webp))]
        let cpu = CPUBackend(threads: 1)
        _ = try FanOutSaveOperation(pipeline: pipeline, backend: cpu, saves: saves).execute(input)
        let (_, frames) = try Self.allFrames(folder.file("b.webp"))
        #expect(frames.count == 1)
        let first = try pipeline.render(.host(try ImageDecoder.decode(contentsOf: fixture.path).image), on: cpu)
        #expect(try ImageDecoder.decode(contentsOf: folder.file("a.png")).image == first[0])
        #expect(pipeline.firstFrameWarning(writing: .png)?.contains("PNG output does not animate") == true)
        #expect(pipeline.firstFrameWarning(writing: .webp) == nil)
    }
}
