@testable import ImageCodecs
import Foundation
import TestSupport

/// Small helpers shared by the codec tests.
enum CodecTestHelpers {
    /// A fresh temporary folder, removed by the caller with `removeItem`.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpuglitch-codec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Where two RGBA buffers first differ, as "pixel (x, y): [r g b a] vs [r g b a]", or nil.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8], width: Int) -> String? {
        guard a.count == b.count else { return "sizes differ: \(a.count) vs \(b.count) bytes" }
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        let p = i / 4
        return "pixel (\(p % max(width, 1)), \(p / max(width, 1))): \(Array(a[(p * 4)..<(p * 4 + 4)])) vs \(Array(b[(p * 4)..<(p * 4 + 4)]))"
    }

    /// The reason of the `ImageCodecError` `body` throws, or nil if it succeeds.
    static func failureReason<T>(_ body: () throws(ImageCodecError) -> T) -> ImageCodecError.Reason? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.reason
        }
    }

    /// Peak signal-to-noise ratio of the RGB channels, in dB.
    static func psnr(_ a: HostImage, _ b: HostImage) -> Double {
        var sum = 0.0, n = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
                sum += d * d
                n += 1
            }
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / n))
    }

    static func file(_ name: String) -> String {
        DecodeFixtureManifest.folder.appendingPathComponent(name).path
    }

    static func sample(_ name: String) -> String {
        RepositoryPaths.samples.appendingPathComponent(name).path
    }
}
