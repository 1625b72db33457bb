import Foundation
@testable import ImageMaths
import Testing

/// The integer arithmetic behind the content-aware crop (docs/SPEC.md §3.1).
@Suite("Smart crop maths")
struct SmartCropMathsTests {
    @Test("integer square root is the floor of √n")
    func squareRoot() {
        var values: [Int64] = Array(0...5000)
        var state: UInt64 = 12345
        for _ in 0..<5000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Int64(state >> 2))
        }
        values += [Int64.max, (1 << 62) - 1, 1 << 62, 999_999_999_999]
        for n in values {
            let r = IntegerRoots.squareRoot(n)
            #expect(r * r <= n, "\(n)")
            let next = r + 1
            let (square, overflow) = next.multipliedReportingOverflow(by: next)
            #expect(overflow || square > n, "\(n) → \(r)")
        }
        #expect(IntegerRoots.squareRoot(-4) == 0)
    }

    @Test("integer cube root is the floor of ∛n")
    func cubeRoot() {
        var values: [Int64] = Array(0...3000) + [(1 << 62) - 1, 1 << 49, 1_000_000_000_000]
        var state: UInt64 = 99
        for _ in 0..<3000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Int64(state >> 2))
        }
        for n in values {
            let r = IntegerRoots.cubeRoot(n)
            #expect(r * r * r <= n, "\(n)")
            #expect((r + 1) * (r + 1) * (r + 1) > n, "\(n) → \(r)")
        }
    }

    @Test("log₂ with 20 fractional bits: exact on powers of two, within 2⁻¹⁹ elsewhere")
    func log2() {
        for k in 0..<64 {
            #expect(IntegerRoots.log2(UInt64(1) << k, fractionBits: 20) == Int64(k) << 20)
        }
        for n: UInt64 in [3, 5, 7, 10, 255, 1000, 65535, 123_456_789, UInt64.max] {
            let exact = Foundation.log2(Double(n)) * Double(1 << 20)
            let ours = Double(IntegerRoots.log2(n, fractionBits: 20))
            #expect(ours <= exact + 1e-6 && exact - ours < 2, "\(n): \(ours) against \(exact)")
        }
    }

    @Test("the Gaussian is libvips 8.14's integer gaussmat (min_ampl 0.2, separable)")
    func gaussianTaps() {
        // pyvips.Image.gaussmat(sigma, 0.2, separable=True, precision="integer") on libvips 8.14.1.
        #expect(GaussianTaps(sigma: 0.5).weights == [20])
        #expect(GaussianTaps(sigma: 1.0).weights == [12, 20, 12])
        #expect(GaussianTaps(sigma: 1.5).weights == [8, 16, 20, 16, 8])
        #expect(GaussianTaps(sigma: 3.2).weights == [6, 9, 13, 16, 19, 20, 19, 16, 13, 9, 6])
        #expect(GaussianTaps(sigma: 4.5254834).weights == [4, 6, 8, 11, 14, 16, 18, 20, 20, 20, 18, 16, 14, 11, 8, 6, 4])
    }

    @Test("attention: the window is centred on the hottest spot of the map and kept inside the picture")
    func attentionOrigin() {
        // A grey map with one saturated red pixel: at map column 20 of 32, a 640-wide picture.
        var pixels = [UInt8](repeating: 128, count: 32 * 32 * 4)
        for column in [20, 2, 31] {
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
            for i in 0..<(32 * 32) { pixels[4 * i] = 128; pixels[4 * i + 1] = 128; pixels[4 * i + 2] = 128 }
            let i = (16 * 32 + column) * 4
            pixels[i] = 250; pixels[i + 1] = 10; pixels[i + 2] = 10
            let scores = AttentionScores(pixels: pixels, width: 32, height: 32, premultiplies: false)
            let origin = AttentionWindow.origin(scores: scores, cropWidth: 200, cropHeight: 200, width: 640, height: 200)
            let centre = column * 640 / 32
            #expect(origin.x == min(max(centre - 100, 0), 440), "column \(column)")
            #expect(origin.y == 0)
        }
    }

    @Test("attention scores: dark pixels score edges only; a flat map scores no edges")
    func attentionScores() {
        let dark = [UInt8](repeating: 10, count: 4 * 4 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        #expect(AttentionScores(pixels: dark, width: 4, height: 4, premultiplies: false).values.allSatisfy { $0 == 0 })
        var grey = [UInt8](repeating: 128, count: 4 * 4 * 4)
        for i in stride(from: 3, to: grey.count, by: 4) { grey[i] = 255 }
        let scores = AttentionScores(pixels: grey, width: 4, height: 4, premultiplies: false).values
        // Neutral grey: skin distance ‖(0.58, 0.61, 0.53)-ish − skin‖ and a* ≈ 0, the same everywhere.
        #expect(Set(scores).count == 1)
        // Alpha 0 premultiplied is black: no content at all.
        var clear = grey
        for i in stride(from: 3, to: clear.count, by: 4) { clear[i] = 0 }
        #expect(AttentionScores(pixels: clear, width: 4, height: 4, premultiplies: true).values.allSatisfy { $0 == 0 })
    }

    @Test("entropy: trims the flat side; equal sides keep the left and top (libvips keeps them on a tie)")
    func entropyOrigin() {
        let width = 200, height = 60
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt64 = 5
        for y in 0..<height {
            for x in 0..<40 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let i = (y * width + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: state >> 33)
                pixels[i + 1] = UInt8(truncatingIfNeeded: state >> 41)
                pixels[i + 2] = UInt8(truncatingIfNeeded: state >> 49)
            }
        }
        let window = EntropyWindow(pixels: pixels, width: width, height: height, hasAlpha: false)
        #expect(window.origin(cropWidth: 60, cropHeight: 60) == (0, 0) as (Int, Int))
        let flat = EntropyWindow(pixels: [UInt8](repeating: 7, count: 80 * 90 * 4), width: 80, height: 90, hasAlpha: false)
        let origin = flat.origin(cropWidth: 50, cropHeight: 40)
        #expect(origin.x == 0 && origin.y == 0)
        // Σc·log₂c of one slice: 3 bands × one bin holding every pixel.
        let n = Int64(30 * 90)
        #expect(flat.sumCLogC(x: 0, y: 0, width: 30, height: 90) == 3 * n * IntegerRoots.log2(UInt64(n), fractionBits: 20))
    }
}
