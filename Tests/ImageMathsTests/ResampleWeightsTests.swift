@testable import ImageMaths
import Foundation
import Testing

/// Weights against values worked out by hand from docs/SPEC.md §2 (the arithmetic is in the
/// comments), independent of the implementation.
@Suite("Resample weights")
struct ResampleWeightsTests {
    /// Coefficients of output `i` (its window only).
    private func coefficients(_ w: ResampleWeights, _ i: Int) -> [Int32] {
        Array(w.coefficients[i * w.taps ..< i * w.taps + w.length(i)])
    }

    @Test("bilinear 4 → 2: a triangle two source pixels wide each side")
    func bilinearHalf() {
        // scale 2, support 1·2 = 2, taps ceil(2)·2+1 = 5, ss = 1/2.
        // i = 0: center 1, xmin = Int(1 − 2 + 0.5) = Int(−0.5) = 0 (truncation toward zero),
        // xmax = min(4, Int(3.5)) = 3. f((x − 1 + 0.5)/2) for x = 0, 1, 2: 0.75, 0.75, 0.25;
        // sum 1.75 → 3/7, 3/7, 1/7 → 2^22·3/7 = 1797558.86 → 1797559; 2^22/7 = 599186.29 → 599186.
        // i = 1: center 3, xmin = Int(1.5) = 1, xmax = min(4, Int(5.5)) − 1 = 3: mirror image.
        let w = ResampleWeights.compute(inSize: 4, outSize: 2, filter: .bilinear)
        #expect(w.count == 2 && w.taps == 5)
        #expect(w.start(0) == 0 && w.length(0) == 3)
        #expect(coefficients(w, 0) == [1797559, 1797559, 599186])
        #expect(w.start(1) == 1 && w.length(1) == 3)
        #expect(coefficients(w, 1) == [599186, 1797559, 1797559])
        // Zero padding past each window.
        #expect(w.coefficients[3] == 0 && w.coefficients[4] == 0)
    }

    @Test("box 3 → 1: three equal thirds")
    func boxThird() {
        // scale 3, support 1.5, taps 2·2+1 = 5; center 1.5, xmin = Int(0.5) = 0, xmax = 3;
        // f((x − 1)/3) = f(−1/3), f(0), f(1/3) = 1 each → 1/3 → 1398101.33 → 1398101.
        let w = ResampleWeights.compute(inSize: 3, outSize: 1, filter: .box)
        #expect(w.taps == 5 && w.start(0) == 0 && w.length(0) == 3)
        #expect(coefficients(w, 0) == [1398101, 1398101, 1398101])
    }

    @Test("bilinear 2 → 4: upscaling keeps support 1")
    func bilinearDouble() {
        // scale 0.5, filterscale 1, support 1, taps 3.
        // i = 0: center 0.25, xmin = Int(−0.25) = 0, xmax = min(2, Int(1.75)) = 1 → one tap,
        //   f(0.25) = 0.75, normalised 1 → 4194304.
        // i = 1: center 0.75, xmin = Int(0.25) = 0, xmax = Int(2.25) = 2 → f(−0.25) = 0.75,
        //   f(0.75) = 0.25 → 3145728, 1048576.
        // i = 3: center 1.75, xmin = Int(1.25) = 1, xmax = min(2, 3) − 1 = 1 → one tap of 1.
        let w = ResampleWeights.compute(inSize: 2, outSize: 4, filter: .bilinear)
        #expect(w.taps == 3)
        #expect(w.start(0) == 0 && coefficients(w, 0) == [4194304])
        #expect(w.start(1) == 0 && coefficients(w, 1) == [3145728, 1048576])
        #expect(w.start(2) == 0 && coefficients(w, 2) == [1048576, 3145728])
        #expect(w.start(3) == 1 && coefficients(w, 3) == [4194304])
    }

    @Test("lanczos 30 → 10: 18 taps centred on the output's centre")
    func lanczosThird() {
        // scale 3, support 9, taps ceil(9)·2+1 = 19. Output 5: center 16.5, xmin = Int(8.0) = 8,
        // xmax = Int(26.0) − 8 = 18. Tap x has argument (x + 8 − 16.5 + 0.5)/3 = (x − 8)/3,
        // from −8/3 to 3: symmetric about x = 8, and f(3) = 0 (lanczos is 0 from 3 on).
        // Values from an independent Python transcription of the formulas; ±5e−18 weights
        // (sin of a multiple of π) quantise to 0 because Int() truncates −0.5000… to 0.
        let w = ResampleWeights.compute(inSize: 30, outSize: 10, filter: .lanczos)
        #expect(w.taps == 19)
        #expect(w.start(5) == 8 && w.length(5) == 18)
        #expect(coefficients(w, 5) == [17753, 43579, 0, -130863, -204474, 0, 533844, 1136210, 1402207,
                                       1136210, 533844, 0, -204474, -130863, 0, 43579, 17753, 0])
    }

    @Test("lanczos upscaling: a weight above 1 and a negative one")
    func lanczosUpscale() {
        // 4 → 8, output 0: center 0.25, support 3, xmin = max(0, Int(−2.25)) = 0, xmax = Int(3.75) = 3.
        // f(0.25), f(1.25), f(2.25) = 0.9003, −0.1344, 0.0304; sum 0.7963 → 1.13065, −0.16879,
        // 0.03814 → 4742290, −707939 (w·2^22 − 0.5, truncated), 159953.
        let w = ResampleWeights.compute(inSize: 4, outSize: 8, filter: .lanczos)
        #expect(w.start(0) == 0)
        #expect(coefficients(w, 0) == [4742290, -707939, 159953])
    }

    @Test("slice keeps the chosen outputs and shifts their starts")
    func slicing() {
        let full = ResampleWeights.compute(inSize: 100, outSize: 30, filter: .bicubic)
        let part = full.slice(10..<20, sourceOffset: 25)
        #expect(part.count == 10 && part.taps == full.taps)
        for i in 0..<10 {
            #expect(part.start(i) == full.start(10 + i) - 25)
            #expect(part.length(i) == full.length(10 + i))
        }
        #expect(full.sourceSpan(of: 10..<20) == full.start(10) ..< full.start(19) + full.length(19))
    }
}

/// The Magic Kernel Sharp filters of Pillow 13.0.0 (Resample.c): values worked out by hand from
/// its piecewise formulas. (Its `pow(x, 2)` is compiled to `x * x` by GCC at -O2, which the
/// filter uses; glibc's `pow` itself misses the correctly rounded square in about 0.1% of
/// cases. The Pillow fixtures, all seven filters, are the end-to-end check.)
@Suite("Magic Kernel Sharp filters")
struct MagicKernelSharpTests {
    @Test("mks2013 and mks2021 at hand-computed points, support 2.5 and 4.5")
    func values() {
        #expect(ResampleFilter.mks2013.support == 2.5 && ResampleFilter.mks2021.support == 4.5)
        #expect(ResampleFilter.mks2013(0) == 17.0 / 16.0)
        #expect(ResampleFilter.mks2013(1) == 0)                       // (1 − 1)(7/4 − 1)
        #expect(ResampleFilter.mks2013(-2) == -1.0 / 32.0)            // −1/8 · (−1/2)²
        #expect(ResampleFilter.mks2013(2.5) == 0 && ResampleFilter.mks2013(3) == 0)
        #expect(ResampleFilter.mks2021(0) == 577.0 / 576.0)
        #expect(ResampleFilter.mks2021(1) == 0 && ResampleFilter.mks2021(2) == 0 && ResampleFilter.mks2021(3) == 0)
        #expect(ResampleFilter.mks2021(4) == -1.0 / 288.0 * 0.25)     // −1/288 · (−1/2)²
        #expect(ResampleFilter.mks2021(4.5) == 0)
    }
}
