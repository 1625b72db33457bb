@testable import CPUCompute
import CResampleSIMD
import ComputeCore
import Foundation
import ImageCodecs
import ImageMaths
import Testing
import TestSupport

/// The native resampling kernels (CResampleSIMD: AVX2, AVX-512) against the portable Swift kernels, byte for
/// byte, on filter weights of many sizes, windows and filters and on random weights (whose
/// sums may overflow: both wrap in Int32, so they must still agree). Inputs sit against an
/// inaccessible page and outputs between canary bytes, so a read or write outside the image
/// fails the test.
@Suite("CPU resampling: native (AVX2, AVX-512) kernels",
       .enabled(if: ResampleKernelSet.avx2.isAvailable, "this CPU has no AVX2: the portable kernels are the only path"))
struct CPUNativeResampleTests {
    /// The native sets this CPU runs (AVX2 at least, or the suite is off).
    static let sets = ResampleKernelSet.native.filter(\.isAvailable)

    static let canary: UInt8 = 0xA5
    static let canaryBytes = 64

    /// The horizontal pass over `rows` of `image` with `kernels`; the source rows end (or
    /// start) at a guard page. Nil when the kernel wrote outside its output.
    static func horizontal(_ image: HostImage, _ w: ResampleWeights, rows: Range<Int>, kernels: ResampleKernelSet,
                           guardedAt side: GuardedBytes.Side = .end) -> [UInt8]? {
        let source = GuardedBytes(Array(image.pixels[rows.lowerBound * image.rowBytes ..< rows.upperBound * image.rowBytes]),
                                  guardedAt: side)
        // The mapping must outlive the kernel: Swift may end `source`'s lifetime at its last use.
        return withExtendedLifetime(source) {
            withCanaries(count: w.count * rows.count * 4) { out in
                HorizontalResampler.resample(source: source.pointer, sourceWidth: image.width, destination: out,
                                             rowCount: rows.count,
                                             weights: .horizontal(w, sourceWidth: image.width, kernels: kernels), kernels: kernels)
            }
        }
    }

    /// The vertical pass over the whole of `image` with `kernels`, guarded the same way.
    static func vertical(_ image: HostImage, _ w: ResampleWeights, kernels: ResampleKernelSet,
                         guardedAt side: GuardedBytes.Side = .end) -> [UInt8]? {
        let source = GuardedBytes(image.pixels, guardedAt: side)
        return withExtendedLifetime(source) {
            withCanaries(count: image.rowBytes * w.count) { out in
                VerticalResampler.resample(source: source.pointer, rowBytes: image.rowBytes, destination: out,
                                           rows: 0..<w.count, weights: .vertical(w), kernels: kernels)
            }
        }
    }

    /// `count` bytes written by `fill`, or nil when it touched the canaries around them.
    static func withCanaries(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8]? {
        var buffer = [UInt8](repeating: canary, count: count + 2 * canaryBytes)
        buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress! + canaryBytes) }
        let inside = canaryBytes ..< canaryBytes + count
        guard buffer[..<inside.lowerBound].allSatisfy({ $0 == canary }),
              buffer[inside.upperBound...].allSatisfy({ $0 == canary }) else { return nil }
        return Array(buffer[inside])
    }

    /// Expects equal bytes; on failure reports the case and the first differing byte rather
    /// than both buffers.
    static func expectSame(_ native: [UInt8], _ portable: [UInt8]?, _ about: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard let portable else {
            Issue.record("the portable kernel wrote outside its output: \(about)", sourceLocation: sourceLocation)
            return
        }
        let common = min(native.count, portable.count)
        let first = (0..<common).first { native[$0] != portable[$0] } ?? (native.count == portable.count ? nil : common)
        #expect(first == nil, "\(about): first difference at byte \(first ?? 0) of \(native.count)",
                sourceLocation: sourceLocation)
    }

    /// A random filter plan for an `inSize` axis: enlargement or reduction, and a random window
    /// of the result.
    static func randomWeights(inSize: Int, maxOut: Int, rng: inout SplitMix64) -> (ResampleWeights, String) {
        let filter = ResampleFilter.allCases.randomElement(using: &rng)!
        let outSize = Int.random(in: 1...maxOut, using: &rng)
        let lower = Int.random(in: 0..<outSize, using: &rng)
        let window = lower ..< Int.random(in: (lower + 1)...outSize, using: &rng)
        let w = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter).slice(window)
        return (w, "\(filter) \(inSize) -> \(outSize) window \(window) (taps \(w.taps))")
    }

    @Test("horizontal: each native set equals the portable kernels on filter weights, widths 1...40 and more",
          arguments: sets, [UInt64(11), 12, 13])
    func horizontalFilters(kernels: ResampleKernelSet, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<120 {
            let width = Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 41...300, using: &rng)
            let height = Int.random(in: 1...11, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            let (w, about) = Self.randomWeights(inSize: width, maxOut: 2 * width + 8, rng: &rng)
            let lower = Int.random(in: 0..<height, using: &rng)
            let rows = lower ..< Int.random(in: (lower + 1)...height, using: &rng)
            let side: GuardedBytes.Side = Bool.random(using: &rng) ? .end : .start
            let native = try #require(Self.horizontal(image, w, rows: rows, kernels: kernels, guardedAt: side),
                                      "\(kernels) wrote outside its output: \(width)x\(height) rows \(rows) \(about)")
            Self.expectSame(native, Self.horizontal(image, w, rows: rows, kernels: .portable),
                            "\(kernels) seed \(seed): \(width)x\(height) rows \(rows) \(about)")
        }
    }

    @Test("vertical: each native set equals the portable kernels on filter weights, widths 1...40 and more",
          arguments: sets, [UInt64(21), 22, 23])
    func verticalFilters(kernels: ResampleKernelSet, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<120 {
            let width = Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 41...200, using: &rng)
            let height = Int.random(in: 1...120, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            let (w, about) = Self.randomWeights(inSize: height, maxOut: 2 * height + 8, rng: &rng)
            let side: GuardedBytes.Side = Bool.random(using: &rng) ? .end : .start
            let native = try #require(Self.vertical(image, w, kernels: kernels, guardedAt: side),
                                      "\(kernels) wrote outside its output: \(width)x\(height) \(about)")
            Self.expectSame(native, Self.vertical(image, w, kernels: .portable),
                            "\(kernels) seed \(seed): \(width)x\(height) \(about)")
        }
    }

    @Test("large reductions (to 1/40, hundreds of taps) and enlargements", arguments: sets, ResampleFilter.allCases)
    func extremeScales(kernels: ResampleKernelSet, filter: ResampleFilter) throws {
        for (inSize, outSize) in [(4000, 100), (1000, 25), (1213, 29), (40, 1), (3, 100), (1, 40), (7, 211), (17, 64)] {
            let w = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter)
            let about = "\(kernels) \(filter) \(inSize) -> \(outSize) (taps \(w.taps))"
            // Five rows: one block of four and a leftover row.
            let wide = TestImages.noise(width: inSize, height: 5, seed: UInt64(inSize * 31 + outSize), alpha: true)
            let h = try #require(Self.horizontal(wide, w, rows: 0..<5, kernels: kernels), "horizontal wrote outside: \(about)")
            Self.expectSame(h, Self.horizontal(wide, w, rows: 0..<5, kernels: .portable), "horizontal \(about)")
            let tall = TestImages.noise(width: 13, height: inSize, seed: UInt64(inSize * 37 + outSize), alpha: true)
            let v = try #require(Self.vertical(tall, w, kernels: kernels), "vertical wrote outside: \(about)")
            Self.expectSame(v, Self.vertical(tall, w, kernels: .portable), "vertical \(about)")
        }
    }

    /// AVX2's passes for opaque sources over `rows` of `image` (every alpha 255), all of
    /// `weights` in one call, guarded as `horizontal`: nil when a pass wrote outside its output,
    /// and an issue when the kernel declined.
    static func horizontalOpaque(_ image: HostImage, _ weights: [ResampleWeights], rows: Range<Int>,
                                 guardedAt side: GuardedBytes.Side = .end,
                                 sourceLocation: SourceLocation = #_sourceLocation) -> [[UInt8]]? {
        let source = GuardedBytes(Array(image.pixels[rows.lowerBound * image.rowBytes ..< rows.upperBound * image.rowBytes]),
                                  guardedAt: side)
        let evenPairs = weights.compactMap { SplitWeights.EvenPairs($0, sourceWidth: image.width) }
        guard evenPairs.count == weights.count else {
            Issue.record("EvenPairs refused the weights", sourceLocation: sourceLocation)
            return nil
        }
        // Every output between canaries, in one buffer each.
        let buffers = weights.map { UnsafeMutableBufferPointer<UInt8>.allocate(capacity: $0.count * rows.count * 4 + 2 * canaryBytes) }
        defer { buffers.forEach { $0.deallocate() } }
        buffers.forEach { $0.initialize(repeating: canary) }
        withExtendedLifetime(source) {
            let done = NativeResampler.horizontalOpaque(.avx2, source: source.pointer, sourceWidth: image.width, rowCount: rows.count,
                                                        passes: Array(zip(buffers.map { $0.baseAddress! + canaryBytes }, evenPairs)))
            #expect(done, "the opaque pass declined", sourceLocation: sourceLocation)
        }
        var outputs: [[UInt8]] = []
        for buffer in buffers {
            let inside = canaryBytes ..< buffer.count - canaryBytes
            guard buffer[..<inside.lowerBound].allSatisfy({ $0 == canary }),
                  buffer[inside.upperBound...].allSatisfy({ $0 == canary }) else { return nil }
            outputs.append(Array(buffer[inside]))
        }
        return outputs
    }

    @Test("horizontal over opaque sources: AVX2's eight-row pass equals the portable kernels",
          arguments: [UInt64(71), 72, 73])
    func horizontalOpaque(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<120 {
            let width = Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 41...300, using: &rng)
            // Heights 1...21: whole blocks of eight rows, and leftovers of every size.
            let height = Int.random(in: 1...21, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next())
            let (w, about) = Self.randomWeights(inSize: width, maxOut: 2 * width + 8, rng: &rng)
            let lower = Int.random(in: 0..<height, using: &rng)
            let rows = lower ..< Int.random(in: (lower + 1)...height, using: &rng)
            let side: GuardedBytes.Side = Bool.random(using: &rng) ? .end : .start
            // With it, in the same call, a second pass of other weights (another size of the
            // same rows, whose windows span other columns).
            let (other, otherAbout) = Self.randomWeights(inSize: width, maxOut: width + 3, rng: &rng)
            let native = try #require(Self.horizontalOpaque(image, [w, other], rows: rows, guardedAt: side),
                                      "wrote outside its output: \(width)x\(height) rows \(rows) \(about)")
            Self.expectSame(native[0], Self.horizontal(image, w, rows: rows, kernels: .portable),
                            "opaque seed \(seed): \(width)x\(height) rows \(rows) \(about)")
            Self.expectSame(native[1], Self.horizontal(image, other, rows: rows, kernels: .portable),
                            "opaque seed \(seed), second pass: \(width)x\(height) rows \(rows) \(otherAbout)")
        }
        // Large reductions (hundreds of taps), enlargements, and random weights whose sums
        // overflow (the alpha of each output then wraps as the portable kernels' does); and the
        // srcset's three sizes of a photo in one call.
        for (inSize, outSize) in [(4000, 100), (1213, 29), (40, 1), (3, 100), (1, 40), (7, 211), (4032, 1024)] {
            for filter in [ResampleFilter.lanczos, .box, .mks2021] {
                let w = ResampleWeights.compute(inSize: inSize, outSize: outSize, filter: filter)
                let image = TestImages.noise(width: inSize, height: 9, seed: UInt64(inSize * 31 + outSize))
                let native = try #require(Self.horizontalOpaque(image, [w], rows: 0..<9), "wrote outside: \(filter) \(inSize)")
                Self.expectSame(native[0], Self.horizontal(image, w, rows: 0..<9, kernels: .portable),
                                "opaque \(filter) \(inSize) -> \(outSize)")
            }
        }
        let photo = TestImages.noise(width: 2017, height: 19, seed: seed)
        let sizes = [1024, 512, 256].map { ResampleWeights.compute(inSize: 2017, outSize: $0, filter: .lanczos) }
        let srcset = try #require(Self.horizontalOpaque(photo, sizes, rows: 0..<19), "wrote outside: srcset")
        for (native, w) in zip(srcset, sizes) {
            Self.expectSame(native, Self.horizontal(photo, w, rows: 0..<19, kernels: .portable), "opaque srcset to \(w.count)")
        }
        for magnitude in [Int32(1 << 22), 1 << 24, Int32.max] {
            let width = Int.random(in: 1...70, using: &rng)
            let image = TestImages.noise(width: width, height: 10, seed: rng.next())
            let w = CPUKernelConsistencyTests.randomWeights(count: Int.random(in: 1...40, using: &rng), inSize: width,
                                                            taps: Int.random(in: 1...25, using: &rng),
                                                            magnitude: magnitude, rng: &rng)
            guard SplitWeights.EvenPairs(w, sourceWidth: width) != nil else { continue }
            let native = try #require(Self.horizontalOpaque(image, [w], rows: 0..<10), "wrote outside: random weights")
            Self.expectSame(native[0], Self.horizontal(image, w, rows: 0..<10, kernels: .portable),
                            "opaque random weights of magnitude \(magnitude), width \(width)")
        }
    }

    @Test("the opaque pass writes RGB (alpha dropped) when asked, and RGB expands back")
    func horizontalOpaqueRGB() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<20 {
            let width = Int.random(in: 1...300, using: &rng), height = Int.random(in: 1...19, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next())
            let (w, about) = Self.randomWeights(inSize: width, maxOut: 2 * width + 8, rng: &rng)
            let layout = try #require(SplitWeights.EvenPairs(w, sourceWidth: width))
            let rgba = try #require(Self.horizontalOpaque(image, [w], rows: 0..<height))[0]
            var rgb = [UInt8](repeating: 0xA5, count: 3 * w.count * height + 16)
            image.pixels.withUnsafeBufferPointer { src in
                rgb.withUnsafeMutableBufferPointer { dst in
                    #expect(NativeResampler.horizontalOpaque(.avx2, source: src.baseAddress!, sourceWidth: width, rowCount: height,
                                                             passes: [(dst.baseAddress!, layout)], pixelBytes: 3))
                }
            }
            let dropped = (0..<(w.count * height)).flatMap { rgba[4 * $0 ..< 4 * $0 + 3] }
            #expect(Array(rgb.prefix(3 * w.count * height)) == dropped, "\(width)x\(height) \(about)")
            #expect(rgb.suffix(16).allSatisfy { $0 == 0xA5 }, "wrote past its rows: \(about)")
        }
        // gg_expand_rgb_avx2 against the byte-by-byte expansion, every length to 40 and longer.
        for count in Array(0...40) + [1000, 1001] {
            let rgb = (0..<(3 * count)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var rgba = [UInt8](repeating: 0, count: 4 * count + 8)
            let alpha = UInt8(truncatingIfNeeded: count * 7)
            rgba.withUnsafeMutableBufferPointer { out in
                #expect(gg_expand_rgb_avx2(rgb, out.baseAddress!, count, alpha) == GG_RESAMPLE_DONE)
            }
            let expected = (0..<count).flatMap { rgb[3 * $0 ..< 3 * $0 + 3] + [alpha] } + [UInt8](repeating: 0, count: 8)
            #expect(rgba == expected, "expanding \(count) pixels")
        }
    }

    @Test("the opaque pass refuses windows outside the row and takes only AVX2")
    func horizontalOpaqueRefuses() throws {
        let image = TestImages.noise(width: 64, height: 8, seed: 9)
        let w = ResampleWeights.compute(inSize: 64, outSize: 21, filter: .lanczos)
        let evenPairs = try #require(SplitWeights.EvenPairs(w, sourceWidth: 64))
        #expect(SplitWeights.EvenPairs(w, sourceWidth: 60) == nil)
        var out = [UInt8](repeating: 7, count: 21 * 8 * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Weights made for 64 pixels over rows of 60: the last windows run past the row.
                #expect(!NativeResampler.horizontalOpaque(.avx2, source: src.baseAddress!, sourceWidth: 60, rowCount: 8,
                                                          passes: [(dst.baseAddress!, evenPairs)]))
                for kernels in [ResampleKernelSet.portable, .avx512] {
                    #expect(!NativeResampler.horizontalOpaque(kernels, source: src.baseAddress!, sourceWidth: 64, rowCount: 8,
                                                              passes: [(dst.baseAddress!, evenPairs)]))
                }
            }
        }
        #expect(out.allSatisfy { $0 == 7 })
    }

    /// Output rows `rows` only of the vertical pass over `image` (the rest of the output is not
    /// written), guarded as `vertical`; nil when the kernel wrote outside those rows.
    static func verticalRows(_ image: HostImage, _ w: ResampleWeights, rows: Range<Int>, kernels: ResampleKernelSet,
                             guardedAt side: GuardedBytes.Side) -> [UInt8]? {
        let source = GuardedBytes(image.pixels, guardedAt: side)
        return withExtendedLifetime(source) {
            withCanaries(count: image.rowBytes * rows.count) { out in
                // `destination` points at output row 0, which lies before the canaried rows.
                VerticalResampler.resample(source: source.pointer, rowBytes: image.rowBytes,
                                           destination: out - rows.lowerBound * image.rowBytes,
                                           rows: rows, weights: .vertical(w), kernels: kernels)
            }
        }
    }

    @Test("vertical: rows of 1024, 2048, 3072 and 4096 bytes, whose windows the native passes read through a padded copy",
          arguments: sets)
    func verticalRestaged(kernels: ResampleKernelSet) throws {
        // Widths whose rows fall into 1, 2 or 4 sets of the level-1 cache, with windows longer
        // than those sets hold (windows.c restages them), a width just off (read in place), and
        // output row ranges that start inside the image and end inside a band of 16 rows.
        let cases: [(width: Int, height: Int, out: Int)] = [
            (1024, 97, 31), (1024, 60, 59), (512, 150, 23), (768, 200, 11), (256, 330, 7), (2048, 40, 13),
            (1040, 97, 31),
        ]
        var rng = SplitMix64(seed: 61)
        for (width, height, out) in cases {
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            for filter in [ResampleFilter.lanczos, .bilinear] {
                let w = ResampleWeights.compute(inSize: height, outSize: out, filter: filter)
                let lower = Int.random(in: 0..<out, using: &rng)
                for rows in [0..<out, lower..<out, lower..<Int.random(in: (lower + 1)...out, using: &rng)] {
                    let side: GuardedBytes.Side = Bool.random(using: &rng) ? .end : .start
                    let about = "\(kernels) \(filter) \(width)x\(height) -> \(out) rows \(rows) (taps \(w.taps))"
                    let native = try #require(Self.verticalRows(image, w, rows: rows, kernels: kernels, guardedAt: side),
                                              "wrote outside its rows: \(about)")
                    Self.expectSame(native, Self.verticalRows(image, w, rows: rows, kernels: .portable, guardedAt: side), about)
                }
            }
        }
    }

    @Test("random weights, overflowing sums included: each native set equals the portable kernels",
          arguments: sets, [Int32(1 << 22), 1 << 24, 1 << 29, Int32.max])
    func randomWeights(kernels: ResampleKernelSet, magnitude: Int32) throws {
        let seed = UInt64(magnitude)
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let width = Int.random(in: 1...70, using: &rng), height = Int.random(in: 1...60, using: &rng)
            let image = TestImages.noise(width: width, height: height, seed: rng.next(), alpha: true)
            let h = CPUKernelConsistencyTests.randomWeights(count: Int.random(in: 1...40, using: &rng), inSize: width,
                                                            taps: Int.random(in: 1...25, using: &rng),
                                                            magnitude: magnitude, rng: &rng)
            let rows = 0 ..< Int.random(in: 1...min(height, 9), using: &rng)
            let nativeH = try #require(Self.horizontal(image, h, rows: rows, kernels: kernels), "horizontal wrote outside")
            Self.expectSame(nativeH, Self.horizontal(image, h, rows: rows, kernels: .portable),
                            "\(kernels) horizontal seed \(seed): \(width)x\(height) rows \(rows) outputs \(h.count) taps \(h.taps)")
            let v = CPUKernelConsistencyTests.randomWeights(count: Int.random(in: 1...30, using: &rng), inSize: height,
                                                            taps: Int.random(in: 1...49, using: &rng),
                                                            magnitude: magnitude, rng: &rng)
            let nativeV = try #require(Self.vertical(image, v, kernels: kernels), "vertical wrote outside")
            Self.expectSame(nativeV, Self.vertical(image, v, kernels: .portable),
                            "\(kernels) vertical seed \(seed): \(width)x\(height) outputs \(v.count) taps \(v.taps)")
        }
    }

    @Test("each native set takes every filter's weights and refuses only what it cannot do exactly",
          arguments: sets)
    func coverage(kernels: ResampleKernelSet) {
        let image = TestImages.noise(width: 64, height: 48, seed: 5)
        image.pixels.withUnsafeBufferPointer { src in
            var out = [UInt8](repeating: 0, count: 64 * 48 * 4)
            out.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                for filter in ResampleFilter.allCases {
                    let h = ResampleWeights.compute(inSize: 64, outSize: 21, filter: filter)
                    #expect(NativeResampler.horizontal(kernels, source: s, sourceWidth: 64, destination: d, rowCount: 48,
                                                       groups: SplitWeights.Groups(h, sourceWidth: 64)!))
                    let v = ResampleWeights.compute(inSize: 48, outSize: 17, filter: filter)
                    let pairs = SplitWeights.Pairs(v)!
                    for rowBytes in [256, 32, 28, 4] {
                        // AVX2 takes rows of one 32-byte strip or more and leaves narrower ones to
                        // the portable kernels; AVX-512 masks its last strip and takes every width.
                        let taken = kernels == .avx512 || rowBytes >= 32
                        #expect(NativeResampler.vertical(kernels, source: s, rowBytes: rowBytes, destination: d, rows: 0..<17,
                                                         bounds: v.bounds, pairs: pairs) == taken,
                                "\(kernels) \(filter) rows of \(rowBytes) bytes")
                    }
                }
                // Windows past the (padded) row or longer than their pairs: refused, nothing written.
                let h = ResampleWeights.compute(inSize: 64, outSize: 21, filter: .lanczos)
                let groups = SplitWeights.Groups(h, sourceWidth: 64)!
                dst.update(repeating: 7)
                #expect(!NativeResampler.horizontal(kernels, source: s, sourceWidth: 60, destination: d, rowCount: 3,
                                                    groups: groups))
                let v = ResampleWeights.compute(inSize: 48, outSize: 17, filter: .lanczos)
                var bounds = v.bounds
                bounds[1] = Int32(2 * SplitWeights.Pairs(v)!.pairStride + 1)
                #expect(!NativeResampler.vertical(kernels, source: s, rowBytes: 256, destination: d, rows: 0..<1,
                                                  bounds: bounds, pairs: SplitWeights.Pairs(v)!))
                #expect(dst.allSatisfy { $0 == 7 })
            }
        }
    }

    @Test("CPUBackend runs the widest set this CPU has, under the cap GPUGLITCH_CPU_KERNELS names")
    func caps() {
        #expect(ResampleKernelSet.best(cappedAt: .portable) == .portable)
        #expect(ResampleKernelSet.best(cappedAt: .avx2) == .avx2)
        #expect(ResampleKernelSet.best(cappedAt: .avx512) == (ResampleKernelSet.avx512.isAvailable ? .avx512 : .avx2))
        let named = ProcessInfo.processInfo.environment["GPUGLITCH_CPU_KERNELS"]
        let cap = ResampleKernelSet.allCases.first { $0.description == named } ?? .avx512
        #expect(ResampleKernelSet.preferred == ResampleKernelSet.best(cappedAt: cap))
    }

    @Test("whole thumbnail plans through CPUBackend equal the portable passes composed by hand")
    func plans() throws {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<12 {
            let width = Int.random(in: 40...700, using: &rng), height = Int.random(in: 40...500, using: &rng)
            let size = Int.random(in: 8...39, using: &rng)  // under both sides: both passes run
            let filter = ResampleFilter.allCases.randomElement(using: &rng)!
            let image = TestImages.noise(width: width, height: height, seed: rng.next())
            let plan = ThumbnailGeometry(width: width, height: height, size: size, fit: .cover)
                .resamplePlan(inputWidth: width, inputHeight: height, filter: filter)
            let h = try #require(plan.horizontal), v = try #require(plan.vertical)
            let expected: [UInt8]
            switch plan.order {
            case .horizontalFirst:
                let intermediate = try HostImage(width: h.count, height: plan.sourceRows.count,
                                             pixels: try #require(Self.horizontal(image, h, rows: plan.sourceRows, kernels: .portable)))
                expected = try #require(Self.vertical(intermediate, v, kernels: .portable))
            case .verticalFirst:
                let source = try CPUBackend(threads: 1).crop(.host(image), to: plan.verticalFirstSourceRect).hostImage()
                let intermediate = try HostImage(width: source.width, height: v.count,
                                             pixels: try #require(Self.vertical(source, v, kernels: .portable)))
                expected = try #require(Self.horizontal(intermediate, h, rows: 0..<v.count, kernels: .portable))
            }
            let result = try CPUBackend(threads: 1).resample(.host(image), plan: plan).hostImage()
            Self.expectSame(result.pixels, expected, "\(filter) \(width)x\(height) cover \(size)")
        }
    }
}
