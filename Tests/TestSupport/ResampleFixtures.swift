import Foundation
import ImageCodecs
import ImageMaths
import Testing

/// The Pillow reference cases in Fixtures/resample, written by
/// scripts/fixtures/make_resample_fixtures.py (see the README there).
public struct ResampleFixtures: Decodable {
    public let pillow: String
    public let cases: [Case]

    public struct Case: Decodable, CustomTestStringConvertible, Sendable {
        public let name: String
        public let input: Input
        public let filter: String
        public let outputWidth: Int
        public let outputHeight: Int
        public let crop: Rect?
        /// "RGB" (opaque input; compare colour bytes, our alpha must be 255) or "RGBA".
        public let mode: String
        public let resultWidth: Int
        public let resultHeight: Int
        /// Raw expected bytes in expected.bin, for small results.
        public let offset: Int?
        public let length: Int?
        /// Hash and sample pixels, for large results.
        public let sha256: String?
        public let samples: [Sample]?

        public var testDescription: String { name }
    }

    public struct Input: Decodable, Sendable {
        public let kind: String
        public let width: Int
        public let height: Int
        public let seed: UInt64?
        public let alpha: Bool?
        public let cell: Int?
        public let file: String?
    }

    public struct Rect: Decodable, Sendable {
        public let x, y, width, height: Int
    }

    public struct Sample: Decodable, Sendable {
        public let x, y: Int
        public let value: [UInt8]
    }

    public static let folder = RepositoryPaths.fixtures.appendingPathComponent("resample")

    public static func load() throws -> ResampleFixtures {
        try JSONDecoder().decode(ResampleFixtures.self,
                                 from: Data(contentsOf: folder.appendingPathComponent("cases.json")))
    }

    /// The cases, or none when the manifest cannot be read (the test that loads it directly
    /// then fails with the reason).
    public static var allCases: [Case] { (try? load().cases) ?? [] }

    public static let expectedBlob: [UInt8] =
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent("expected.bin")))) ?? []
}

extension ResampleFixtures.Case {
    public var resampleFilter: ResampleFilter? { ResampleFilter(rawValue: filter) }

    public var window: PixelRect? { crop.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } }

    /// The input image, rebuilt with the generator the script mirrored or read from its file.
    public func makeInput() throws -> HostImage {
        let w = input.width, h = input.height
        switch input.kind {
        case "gradient":
            return TestImages.gradient(width: w, height: h)
        case "noise":
            return TestImages.noise(width: w, height: h, seed: input.seed ?? 0, alpha: input.alpha ?? false)
        case "checkerboard":
            return TestImages.checkerboard(width: w, height: h, cell: input.cell ?? 3)
        case "sample":
            // A photograph from samples/, through our own decoder (PNG is lossless, so these
            // are Pillow's input pixels too).
            let path = RepositoryPaths.samples.appendingPathComponent(input.file ?? "").path
            let decoded = try ImageDecoder.decode(contentsOf: path).image
            guard decoded.width == w, decoded.height == h else {
                throw FixtureError("\(path) decoded to \(decoded.width)x\(decoded.height), expected \(w)x\(h)")
            }
            return decoded
        case "file":
            let name = input.file ?? ""
            let bytes = [UInt8](try Data(contentsOf: ResampleFixtures.folder.appendingPathComponent(name)))
            if name.hasSuffix(".rgba") { return HostImage(width: w, height: h, computedPixels: bytes) }
            var rgba = [UInt8](repeating: 255, count: w * h * 4)
            for i in 0..<(w * h) {
                rgba[4 * i] = bytes[3 * i]; rgba[4 * i + 1] = bytes[3 * i + 1]; rgba[4 * i + 2] = bytes[3 * i + 2]
            }
            return HostImage(width: w, height: h, computedPixels: rgba)
        default:
            throw FixtureError("unknown input kind \(input.kind)")
        }
    }

    /// The result in Pillow's mode: RGB bytes for "RGB", all four channels for "RGBA".
    public func pillowBytes(of image: HostImage) -> [UInt8] {
        guard mode == "RGB" else { return image.pixels }
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.width * image.height * 3)
        for i in 0..<(image.width * image.height) {
            rgb.append(contentsOf: image.pixels[4 * i ..< 4 * i + 3])
        }
        return rgb
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
