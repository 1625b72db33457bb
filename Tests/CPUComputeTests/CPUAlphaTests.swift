@testable import CPUCompute
import ComputeCore
import ImageCodecs
import ImageMaths
import Testing

/// Pillow's RGBA ↔ RGBa conversions (libImaging Convert.c; checked against Pillow 12.3 and
/// 13.0 for all 65536 value/alpha pairs when the fixtures were made).
@Suite("CPU premultiplication")
struct CPUAlphaTests {
    /// One row of the given pixels.
    func row(_ pixels: [[UInt8]]) -> PipelineImage {
        .host(HostImage(width: pixels.count, height: 1, computedPixels: pixels.flatMap { $0 }))
    }

    @Test("premultiply: MULDIV255(c, a), alpha kept")
    func premultiplyValues() throws {
        // t = c·a + 128; ((t >> 8) + t) >> 8. 200·128 + 128 = 25728 → (100 + 25728) >> 8 = 100.
        // 255·255 + 128 = 65153 → (254 + 65153) >> 8 = 255. 1·1 + 128 = 129 → (0 + 129) >> 8 = 0.
        // 128·255 + 128 = 32768 → (128 + 32768) >> 8 = 128. 255·1 + 128 = 383 → (1 + 383) >> 8 = 1.
        let out = try CPUBackend(threads: 1).premultiply(row([
            [200, 200, 200, 128], [255, 128, 1, 255], [1, 255, 0, 1], [17, 99, 250, 0],
        ])).hostImage()
        #expect(out.pixels == [100, 100, 100, 128, 255, 128, 1, 255, 0, 1, 0, 1, 0, 0, 0, 0])
    }

    @Test("unpremultiply: min(255, 255·c / a), alpha 0 and 255 untouched")
    func unpremultiplyValues() throws {
        // 255·100 / 128 = 199.2 → 199; 255·200 / 100 = 510 → 255; 255·1 / 254 = 1.003 → 1.
        let out = try CPUBackend(threads: 1).unpremultiply(row([
            [100, 200, 1, 128], [100, 200, 1, 100], [3, 4, 5, 0], [77, 88, 99, 255], [1, 2, 254, 254],
        ])).hostImage()
        #expect(out.pixels == [199, 255, 1, 128, 255, 255, 2, 100, 3, 4, 5, 0, 77, 88, 99, 255, 1, 2, 255, 254])
    }

    @Test("every value and alpha against the two formulas")
    func exhaustive() throws {
        var pixels = [UInt8]()
        for a in 0..<256 {
            for c in 0..<256 { pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
        }
        let image = PipelineImage.host(HostImage(width: 256, height: 256, computedPixels: pixels))
        for threads in [1, 2] {
            let backend = CPUBackend(threads: threads)
            let pre = try backend.premultiply(image).hostImage().pixels
            let un = try backend.unpremultiply(image).hostImage().pixels
            var preOK = true, unOK = true
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let a = Int(pixels[i + 3])
                for ch in 0..<3 {
                    let c = Int(pixels[i + ch])
                    let t = c * a + 128
                    if Int(pre[i + ch]) != ((t >> 8) + t) >> 8 { preOK = false }
                    let u = (a == 0 || a == 255) ? c : min(255, 255 * c / a)
                    if Int(un[i + ch]) != u { unOK = false }
                }
                if pre[i + 3] != pixels[i + 3] || un[i + 3] != pixels[i + 3] { preOK = false }
            }
            #expect(preOK && unOK, "threads \(threads)")
        }
    }
}
