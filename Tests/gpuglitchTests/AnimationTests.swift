import Foundation
import GPUOps
import ImageCodecs
import Testing
import TestSupport

/// Animated inputs in, animated WebP out, and glitch loops, through the binary
/// (`--frames`, `--max-frames`, `--animate`, `--frame-time`).
@Suite("Animations")
struct AnimationTests {
    /// Every frame of an animated file: the first, then the streamed rest.
    static func frames(of data: Data, source: String) throws -> (loop: Int?, frames: [ImageFrame<HostImage>]) {
        var options = DecodeOptions()
        options.frames = .all
        let decoded = try ImageDecoder.decode(data: [UInt8](data), source: source, options: options)
        var frames = decoded.frames
        while let frame = try decoded.animation?.next() { frames.append(frame) }
        return (decoded.animation?.loopCount, frames)
    }

    /// Frame `index` of a fixture's stacked Pillow frames, as a PNG.
    static func pillowFrame(_ fixture: AnimationFixtures.Case, _ index: Int) throws -> Data {
        let strip = try ImageDecoder.decode(contentsOf: fixture.framesPath).image
        let bytes = fixture.width * fixture.height * 4
        let frame = try HostImage(width: fixture.width, height: fixture.height,
                                  pixels: Array(strip.pixels[(index * bytes)..<((index + 1) * bytes)]))
        return Data(try ImageEncoder.encode(frame, as: .png))
    }

    static let settings = ["--size", "16x12", "--glitch", "seed=5,shift=3,scanlines=2", "--effect", "sepia",
                           "--format", "webp", "--lossless", "--device", "cpu"]

    @Test("animated GIF, WebP, APNG and AVIF in, animated lossless WebP out: every frame equals the still made from Pillow's frame, durations and loop kept",
          arguments: AnimationFixtures.cases)
    func everyFrameAsItsStill(_ fixture: AnimationFixtures.Case) throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url)
        let r = try runner.run(["process", fixture.path, "--output", "anim"] + Self.settings)
        #expect(r.status == 0, "\(r)")
        let stem = (fixture.name as NSString).deletingPathExtension
        let (loop, frames) = try Self.frames(of: folder.contents("anim/\(stem).webp"), source: fixture.name)
        #expect(frames.count == fixture.frames)
        // A GIF without a loop count plays once: WebP states it as 1.
        #expect(loop == (fixture.loop ?? 1))
        for i in 0..<fixture.frames {
            try folder.write(Self.pillowFrame(fixture, i), to: "frames/\(i).png")
        }
        let stills = try runner.run(["process", "frames", "--output", "stills"] + Self.settings)
        #expect(stills.status == 0, "\(stills)")
        for (i, frame) in frames.enumerated() {
            let still = try ImageDecoder.decode(data: [UInt8](folder.contents("stills/\(i).webp")), source: "\(i)").image
            #expect(frame.pixels == still, "\(fixture.name) frame \(i)")
            #expect(frame.duration == .milliseconds(fixture.durations[i] ?? 100), "\(fixture.name) frame \(i)")
        }
    }

    /// `image` with every fully transparent pixel set to 0, 0, 0, 0: GIF keeps no colour under them.
    static func visible(_ image: HostImage) -> [UInt8] {
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
            pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
        }
        return pixels
    }

    @Test("animated GIF in, animated GIF out at its own size: every frame's visible pixels equal the lossless WebP's (few colours are kept exactly), delays and loop kept",
          arguments: AnimationFixtures.cases.filter { $0.name.hasSuffix(".gif") })
    func gifOutputKeepsEveryFrame(_ fixture: AnimationFixtures.Case) throws {
        let folder = try TemporaryFolder()
        let runner = CommandRunner(in: folder.url)
        let common = ["process", fixture.path, "--no-glitch", "--size", "\(fixture.width)x\(fixture.height)",
                      "--fit", "contain", "--device", "cpu"]
        let gif = try runner.run(common + ["--output", "gif", "--format", "gif"])
        let webp = try runner.run(common + ["--output", "webp", "--format", "webp", "--lossless"])
        #expect(gif.status == 0 && webp.status == 0, "\(gif) \(webp)")
        let stem = (fixture.name as NSString).deletingPathExtension
        let written = try Self.frames(of: folder.contents("gif/\(stem).gif"), source: "gif")
        let lossless = try Self.frames(of: folder.contents("webp/\(stem).webp"), source: "webp")
        #expect(written.frames.count == fixture.frames && lossless.frames.count == fixture.frames)
        #expect(written.loop == fixture.loop)
        for (i, (frame, reference)) in zip(written.frames, lossless.frames).enumerated() {
            #expect(Self.visible(frame.pixels) == Self.visible(reference.pixels), "\(fixture.name) frame \(i)")
            #expect(frame.duration == .milliseconds(fixture.durations[i] ?? 0), "\(fixture.name) frame \(i)")
        }
    }

    @Test("--animate N: frame i of the loop equals the still glitched with seed s+i; each shown --frame-time")
    func glitchLoopFramesAreTheStills() throws {
        let folder = try TemporaryFolder()
        try folder.write(ImageFiles.noisePNG(width: 60, height: 40, seed: 9, alpha: true), to: "in/still.png")
        let runner = CommandRunner(in: folder.url)
        let common = ["process", "in/still.png", "--size", "24", "--format", "webp", "--lossless", "--device", "cpu"]
        let r = try runner.run(common + ["--output", "loop", "--report", "loop.json", "--animate", "4", "--frame-time", "70",
                                         "--glitch", "seed=4294967294,tears=6"])
        #expect(r.status == 0, "\(r)")
        let (loop, frames) = try Self.frames(of: folder.contents("loop/still.webp"), source: "loop")
        #expect(loop == 0 && frames.count == 4)
        let report = try JSONSerialization.jsonObject(with: folder.contents("loop.json")) as! [String: Any]
        let settings = report["settings"] as! [String: Any]
        #expect(settings["animate"] as? Int == 4 && settings["frameTime"] as? Int == 70)
        #expect(settings["frames"] as? String == "all" && settings["maxFrames"] as? Int == 10_000)
        for (i, seed) in ["4294967294", "4294967295", "0", "1"].enumerated() {
            let s = try runner.run(common + ["--output", "s\(i)", "--glitch", "seed=\(seed),tears=6"])
            #expect(s.status == 0, "\(s)")
            let still = try ImageDecoder.decode(data: [UInt8](folder.contents("s\(i)/still.webp")), source: seed).image
            #expect(frames[i].pixels == still, "frame \(i)")
            #expect(frames[i].duration == .milliseconds(70))
        }
    }

    @Test("a PNG output of an animated input is its first frame, and its record says so; --frames first says so too")
    func stillOutputsSayTheyAreOneFrame() throws {
        let folder = try TemporaryFolder()
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == "disposal.gif" })
        let runner = CommandRunner(in: folder.url)
        for (output, extra, warning) in [("png", ["--format", "png"], "PNG output does not animate"),
                                         ("first", ["--format", "webp", "--frames", "first"], "--frames first")] {
            let r = try runner.run(["process", fixture.path, "--output", output, "--size", "16", "--device", "cpu",
                                    "--report", "\(output).json"] + extra)
            #expect(r.status == 0, "\(r)")
            let report = try JSONSerialization.jsonObject(with: folder.contents("\(output).json")) as! [String: Any]
            let record = (report["images"] as! [[String: Any]])[0]
            let warnings = record["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.contains("animated input") && $0.contains(warning) }, "\(warnings)")
        }
        let first = try Self.frames(of: folder.contents("first/disposal.webp"), source: "first")
        #expect(first.frames.count == 1)
    }

    @Test("CPU and OpenCL write the same bytes for an animation and a glitch loop")
    func cpuAndOpenCLAgree() throws {
        guard OpenCLTestEnvironment.isAvailable else { return }
        let folder = try TemporaryFolder()
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == "transparent.gif" })
        let runner = CommandRunner(in: folder.url)
        for device in ["cpu", "opencl"] {
            for (name, extra) in [("anim", [String]()), ("loop", ["--animate", "3"])] {
                let r = try runner.run(["process", fixture.path, "--output", "\(device)-\(name)", "--size", "20x14",
                                        "--format", "webp", "--effect", "tilt-shift", "--glitch", "seed=2,tears=5",
                                        "--device", device] + extra)
                #expect(r.status == 0, "\(r)")
            }
        }
        for name in ["anim", "loop"] {
            let cpu = try folder.contents("cpu-\(name)/transparent.webp")
            #expect(cpu == (try folder.contents("opencl-\(name)/transparent.webp")), "\(name)")
            #expect(try Self.frames(of: cpu, source: name).frames.count == (name == "anim" ? 4 : 3))
        }
    }

    @Test("an animation with more frames than --max-frames fails alone, with the limit in its error")
    func maxFrames() throws {
        let folder = try TemporaryFolder()
        let fixture = try #require(AnimationFixtures.cases.first { $0.name == "disposal.gif" })
        let r = try CommandRunner(in: folder.url).run(["process", fixture.path, "--output", "o", "--format", "webp",
                                                       "--max-frames", "5", "--device", "cpu"])
        #expect(r.status != 0, "\(r)")
        #expect(r.stderr.contains("more than 5 frames"), "\(r)")
        #expect(folder.files(under: "o").isEmpty)
    }

    @Test("usage errors: --animate into a still format, with --no-glitch, or out of range; --frame-time alone",
          arguments: [["--animate", "3", "--format", "png"], ["--animate", "3", "--format", "webp", "--no-glitch"],
                      ["--animate", "0", "--format", "webp"], ["--frame-time", "50", "--format", "webp"],
                      ["--max-frames", "0"], ["--frames", "some"]])
    func usageErrors(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let r = try CommandRunner(in: folder.url).run(["process", "x.gif", "--output", "o"] + arguments)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains(arguments[0]), "\(r)")
    }

    /// An animated WebP of `count` frames of `side` × `side`, each different (libwebp would
    /// merge equal neighbours), lossy at effort 0 to be quick to make. `grain` adds that many
    /// levels of noise to every channel, which lossy coding keeps: a file of many bytes a frame.
    static func animation(frames count: Int, side: Int, grain: UInt32 = 0, quality: Int = 50) throws -> Data {
        var options = EncodeOptions(quality: quality)
        options.effort = 0
        var encoder = try WebPAnimationEncoder(width: side, height: side, loopCount: 0, metadata: ImageMetadata(),
                                               options: options, destination: "anim.webp")
        for i in 0..<count {
            var pixels = [UInt8](repeating: 255, count: side * side * 4)
            for p in 0..<(side * side) {
                pixels[p * 4] = UInt8(truncatingIfNeeded: p % side + i)
                pixels[p * 4 + 1] = UInt8(truncatingIfNeeded: p / side * 3 + i * 7)
                pixels[p * 4 + 2] = UInt8(truncatingIfNeeded: (p % side) ^ (p / side) ^ i)
                if grain > 0 {
                    var hash = UInt32(truncatingIfNeeded: p &* 4 &+ i &* 1_000_003) &* 2_654_435_761
                    for c in 0..<3 {
                        hash ^= hash >> 15
                        hash = hash &* 2_246_822_519
                        pixels[p * 4 + c] &+= UInt8(truncatingIfNeeded: hash % grain)
                    }
                }
            }
            try encoder.append(try HostImage(width: side, height: side, pixels: pixels), duration: .milliseconds(40))
        }
        return Data(try encoder.finish())
    }

    @Test("a 1,000-frame animation streams within the peak memory of a 10-frame one (frames are not held)")
    func peakMemoryIsFlatInFrames() throws {
        let folder = try TemporaryFolder()
        let side = 192
        let short = try folder.write(Self.animation(frames: 10, side: side), to: "short.webp")
        // A file of a real 1,000-frame animation's size (about 19 MB), so that a second copy of
        // it would show.
        let long = try folder.write(Self.animation(frames: 1000, side: side, grain: 32, quality: 90), to: "long.webp")
        var peaks: [Int] = []
        for (input, frames) in [(short, 10), (long, 1000)] {
            let output = folder.path("out-\(frames)")
            let outcome = try PeakMemory.run(GPUGlitchBinary.url.path, [
                "process", input, "--output", output, "--size", "32", "--format", "webp", "--device", "cpu",
                "--jobs", "1"])
            #expect(outcome.status == 0)
            let written = try Self.frames(of: folder.contents("out-\(frames)/\((input as NSString).lastPathComponent)"),
                                          source: input)
            #expect(written.frames.count == frames)
            peaks.append(outcome.maxResidentKiB)
        }
        // Held frames would cost 1,000 × 192 × 192 × 4 bytes = 144 MiB more. What may grow is
        // the input file, read whole and held once (the frame reader shares the loader's bytes:
        // a second copy would add its size again), and the output, about 3 MiB.
        let longFileKiB = try #require(try FileManager.default.attributesOfItem(atPath: long)[.size] as? Int) >> 10
        #expect(peaks[1] - peaks[0] < longFileKiB + (8 << 10),
                "peak RSS: 10 frames \(peaks[0]) KiB, 1,000 frames \(peaks[1]) KiB, the long input \(longFileKiB) KiB")
    }
}
