import Foundation
import GPUOps
import TestSupport

/// Test input files, good and bad, built from `TestSupport`'s deterministic images.
enum ImageFiles {
    /// A good PNG of a smooth gradient.
    static func gradientPNG(width: Int, height: Int) -> Data {
        StoredPNG.encode(TestImages.gradient(width: width, height: height))
    }

    /// A good PNG of noise (with some transparency when `alpha`).
    static func noisePNG(width: Int, height: Int, seed: UInt64, alpha: Bool = false) -> Data {
        StoredPNG.encode(TestImages.noise(width: width, height: height, seed: seed, alpha: alpha))
    }

    /// A good JPEG of a gradient, from the library's encoder.
    static func gradientJPEG(width: Int, height: Int, quality: Int = 90) throws -> Data {
        Data(try ImageEncoder.encodeJPEG(TestImages.gradient(width: width, height: height), quality: quality))
    }

    /// The start of a JPEG (SOI and a JFIF APP0 segment) and nothing after it.
    static let truncatedJPEG = Data([
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00,
        0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xDB, 0x00, 0x43, 0x00, 0x08, 0x06,
    ])

    /// Random bytes, deterministic.
    static func randomBytes(count: Int, seed: UInt64) -> Data {
        var rng = SplitMix64(seed: seed)
        return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    }

    /// Width and height from a PNG's IHDR, or nil when `data` does not start like a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == StoredPNG.signature,
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        func be(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// Whether `data` is a whole PNG: signature first and an IEND chunk last.
    static func isCompletePNG(_ data: Data) -> Bool {
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return data.starts(with: StoredPNG.signature) && data.suffix(12).elementsEqual(iend)
    }

    /// Whether `data` is a whole JPEG: SOI first, EOI last.
    static func isCompleteJPEG(_ data: Data) -> Bool {
        data.starts(with: [0xFF, 0xD8]) && data.suffix(2).elementsEqual([0xFF, 0xD9])
    }
}
