@testable import GPUOps
import CPUCompute
import Foundation
import Testing
import TestSupport

/// One row of Tests/GPUOpsTests/Fixtures/smartcrop/*.csv (scripts/fixtures/make_smartcrop_fixtures.py):
/// a photo, a cover box, the resized size and the SHA-256 of the resized RGBA bytes libvips was
/// fed, and the windows libvips 8.14's `smartcrop` chose from them.
struct SmartCropReference: Sendable, CustomTestStringConvertible {
    var input: String
    var box: PixelSize
    var scaled: PixelSize
    var scaledSHA256: String
    var attention: (x: Int, y: Int)
    var entropy: (x: Int, y: Int)
    var testDescription: String { "\(input) \(box)" }

    /// The rows of `name` in the fixture folder; empty when the file is missing (the tests
    /// that read it check the count).
    static func load(_ name: String) -> [SmartCropReference] {
        let url = RepositoryPaths.fixtures.appendingPathComponent("smartcrop/" + name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: ",").map(String.init)
            guard f.count == 10, f[5].count == 64 else { return nil }
            let i = [1, 2, 3, 4, 6, 7, 8, 9].compactMap { Int(f[$0]) }
            guard i.count == 8 else { return nil }
            return SmartCropReference(input: f[0], box: PixelSize(width: i[0], height: i[1]),
                                      scaled: PixelSize(width: i[2], height: i[3]), scaledSHA256: f[5],
                                      attention: (i[4], i[5]), entropy: (i[6], i[7]))
        }
    }

    /// What our side gives for the row's photo (read from `folder`): the resized image's size
    /// and hash, and both windows, on `backend`.
    struct Ours {
        var scaled: PixelSize
        var scaledSHA256: String
        var attention: PixelRect
        var entropy: PixelRect
    }

    func ours(folder: String, on backend: any ComputeBackend) throws -> Ours {
        let decoded = try ImageDecoder.decode(contentsOf: folder + "/" + input, options: DecodeOptions()).image
        let target = ScaleTarget.box(width: box.width, height: box.height, fit: .cover, gravity: .attention, enlarges: true)
        let plan = try target.plan(inputWidth: decoded.width, inputHeight: decoded.height, filter: .lanczos)
        let scaled = try backend.resample(.host(decoded), plan: plan)
        let host = try scaled.hostImage()
        let w = min(box.width, host.width), h = min(box.height, host.height)
        return Ours(scaled: PixelSize(width: host.width, height: host.height), scaledSHA256: SHA256.hex(host.pixels),
                    attention: try ContentAwareWindow.rect(of: scaled, width: w, height: h, gravity: .attention, on: backend),
                    entropy: try ContentAwareWindow.rect(of: scaled, width: w, height: h, gravity: .entropy, on: backend))
    }

    /// Whether the resized picture is larger than the box, so that there is a window to choose.
    var hasChoice: Bool { scaled.width > box.width || scaled.height > box.height }

    /// For each gravity, how many rows with a window to choose agree within `tolerance` pixels
    /// on both axes, and a line for each that does not (each photo decoded and resized once).
    struct Agreement {
        var agreeing: [Gravity: Int] = [:]
        var compared = 0
        var misses: [String] = []
    }

    static func agreement(_ rows: [SmartCropReference], folder: String, tolerance: Int = 2,
                          on backend: any ComputeBackend) throws -> Agreement {
        var result = Agreement()
        for row in rows where row.hasChoice {
            let ours = try row.ours(folder: folder, on: backend)
            result.compared += 1
            guard ours.scaledSHA256 == row.scaledSHA256 else {
                result.misses.append("\(row.testDescription): resized pixels differ from the ones libvips was fed")
                continue
            }
            for (gravity, theirs, mine) in [(Gravity.attention, row.attention, ours.attention),
                                            (.entropy, row.entropy, ours.entropy)] {
                if abs(mine.x - theirs.x) <= tolerance && abs(mine.y - theirs.y) <= tolerance {
                    result.agreeing[gravity, default: 0] += 1
                } else {
                    result.misses.append("\(row.testDescription) \(gravity): ours (\(mine.x), \(mine.y)), "
                                         + "libvips (\(theirs.x), \(theirs.y)) in \(ours.scaled)")
                }
            }
        }
        return result
    }
}
