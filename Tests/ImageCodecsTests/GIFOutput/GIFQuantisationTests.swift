import Foundation
@testable import ImageCodecs
import Testing
import TestSupport

/// Our GIFs against Pillow 13.0.0's GIF writer on the same frames, from the numbers
/// `scripts/bench/gif_quantise.py` committed: the mean error no higher than Pillow's, the file
/// no more than 10 % larger, and our reader's error on our file equal to Pillow's decode of it.
///
/// `GPUGLITCH_GIF_BENCH_OUT=DIR` also writes each set's GIF to `DIR/<set>.gif`, for the script's
/// `--ours DIR`.
@Suite struct GIFQuantisationTests {
    struct Manifest: Decodable {
        struct Frame: Decodable {
            var sample: String?
            var crop: [Int]?
            var fill: [Int]?
            var width: Int?
            var height: Int?
            var rects: [[Int]]
        }
        struct Pillow: Decodable { var bytes: Int; var meanAbsoluteError: Double }
        struct Ours: Decodable { var sha256: String; var bytes: Int; var meanAbsoluteErrorInPillow: Double }
        struct Set: Decodable, CustomTestStringConvertible {
            var name: String
            var frames: [Frame]
            var pillow: Pillow
            var ours: Ours?
            var testDescription: String { name }
        }
        var durationMilliseconds: Int
        var loop: Int
        var sets: [Set]
    }

    static let manifest: Manifest = {
        let url = RepositoryPaths.fixtures.appendingPathComponent("gif-encode/manifest.json")
        // A missing or damaged manifest fails `manifestHasEverySet`, not the process.
        guard let data = try? Data(contentsOf: url),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            return Manifest(durationMilliseconds: 0, loop: 0, sets: [])
        }
        return manifest
    }()

    static func crop(_ image: HostImage, x: Int, y: Int, width: Int, height: Int) -> HostImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            pixels += image.pixels[((row * image.width + x) * 4)..<((row * image.width + x + width) * 4)]
        }
        return HostImage(width: width, height: height, computedPixels: pixels)
    }

    /// Mean absolute difference per RGB channel.
    static func meanAbsoluteError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0, n = 0
        for i in stride(from: 0, to: a.count, by: 4) {
            for c in 0..<3 { sum += abs(Int(a[i + c]) - Int(b[i + c])) }
            n += 3
        }
        return Double(sum) / Double(n)
    }

    /// The frame the script makes: a crop of a sample or a fill, then filled rectangles.
    static func make(_ frame: Manifest.Frame) throws -> HostImage {
        var image: HostImage
        if let sample = frame.sample, let c = frame.crop {
            image = crop(try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample(sample)).image,
                         x: c[0], y: c[1], width: c[2], height: c[3])
        } else {
            let fill = try #require(frame.fill).map(UInt8.init) + [255]
            image = GIFAnimationEncoderTests.solid(try #require(frame.width), try #require(frame.height), fill)
        }
        for r in frame.rects {
            image = GIFAnimationEncoderTests.painted(image, x: r[0], y: r[1], width: r[2], height: r[3],
                                                     [UInt8(r[4]), UInt8(r[5]), UInt8(r[6]), 255])
        }
        return image
    }

    @Test func manifestHasEverySet() {
        #expect(Self.manifest.sets.map(\.name) == ["still-chelsea", "still-astronaut", "still-graphic",
                                                   "anim-pan", "anim-sprite", "anim-graphic"])
        #expect(Self.manifest.sets.allSatisfy { $0.ours != nil })
    }

    @Test("as faithful as Pillow's GIF writer, and no more than 10 % larger", arguments: manifest.sets)
    func againstPillow(_ set: Manifest.Set) throws {
        let frames = try set.frames.map(Self.make)
        let gif: [UInt8]
        if frames.count == 1 {
            gif = try ImageEncoder.encode(frames[0], as: .gif)
        } else {
            gif = try GIFAnimationEncoderTests.encode(frames.map { ($0, .milliseconds(Self.manifest.durationMilliseconds)) },
                                                      loop: Self.manifest.loop)
        }
        if let folder = ProcessInfo.processInfo.environment["GPUGLITCH_GIF_BENCH_OUT"], !folder.isEmpty {
            try Data(gif).write(to: URL(fileURLWithPath: folder).appendingPathComponent(set.name + ".gif"))
        }
        let shown = try GIFTestFile(gif).shownFrames()
        try #require(shown.count == frames.count)
        let error = zip(shown, frames).map { Self.meanAbsoluteError($0, $1.pixels) }.reduce(0, +) / Double(frames.count)
        #expect(error <= set.pillow.meanAbsoluteError, "\(set.name): error \(error), Pillow's \(set.pillow.meanAbsoluteError)")
        #expect(Double(gif.count) <= 1.1 * Double(set.pillow.bytes), "\(set.name): \(gif.count) bytes, Pillow's \(set.pillow.bytes)")
        let ours = try #require(set.ours)
        #expect(SHA256.hex(gif) == ours.sha256 && gif.count == ours.bytes,
                "\(set.name): our GIF changed; rerun scripts/bench/gif_quantise.py --ours (see its docstring)")
        // The same bytes as Pillow decoded: its frames give our reader's error.
        #expect(abs(error - ours.meanAbsoluteErrorInPillow) < 1e-6, "\(set.name): \(error) here, \(ours.meanAbsoluteErrorInPillow) in Pillow")
    }
}
