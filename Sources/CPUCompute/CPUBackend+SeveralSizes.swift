import ComputeCore
import CResampleSIMD
import ImageCodecs
import ImageMaths
import Synchronization

extension CPUBackend {
    /// On a photo whose every alpha is 255 by construction (decoded from a format without
    /// alpha) and a CPU with AVX2, the plans that run their horizontal pass first over the same
    /// rows as the first such plan share that pass: the source is regrouped once for all of
    /// them (`NativeResampler.horizontalOpaque`), each intermediate is kept as RGB, and each
    /// plan's vertical pass runs over three bytes a pixel. The alpha, the same all over an
    /// intermediate, is put back as the vertical pass would have made it. The other plans
    /// resize as `resample(_:plan:)` does; the bytes are the same either way.
    package func resample(_ image: PipelineImage, plans: [ResamplePlan],
                          each body: (_ index: Int, _ resized: PipelineImage) throws -> Void) throws {
        for plan in plans { try ComputeArgumentCheck.resample(width: image.width, height: image.height, plan: plan) }
        let input = try hostPixels(image)
        var shared = sharedHorizontalPasses(of: plans, over: input)
        for (index, plan) in plans.enumerated() {
            if let middle = shared.removeValue(forKey: index) {
                try body(index, .host(finish(middle, vertical: plan.vertical)))
            } else {
                try body(index, try resample(.host(input), plan: plan))
            }
        }
    }

    /// The shared horizontal passes' results by plan index: empty when the photo, the CPU or
    /// the plans do not allow sharing (fewer than two plans to share, an RGB row under the
    /// 32 bytes the vertical pass takes, an alpha that would vary across a result).
    private func sharedHorizontalPasses(of plans: [ResamplePlan], over source: HostImage) -> [Int: RGBIntermediate] {
        guard source.isOpaqueByConstruction, ResampleKernelSet.preferred == .avx2 else { return [:] }
        func shares(_ plan: ResamplePlan) -> Bool {
            guard let h = plan.horizontal else { return false }
            return !plan.isIdentity && plan.order == .horizontalFirst && 3 * h.count >= 32
        }
        guard let first = plans.first(where: shares) else { return [:] }
        let rows = first.sourceRows
        let group = plans.indices.filter { shares(plans[$0]) && plans[$0].sourceRows == rows }
        let layouts = group.compactMap { SplitWeights.EvenPairs(plans[$0].horizontal!, sourceWidth: source.width) }
        guard group.count > 1, layouts.count == group.count, !rows.isEmpty else { return [:] }
        let middles = layouts.map { RGBIntermediate(layout: $0, height: rows.count) }
        guard middles.allSatisfy({ $0.alpha != nil }) else { return [:] }
        let declined = BandFailure()
        source.pixels.withUnsafeBufferPointer { src in
            let top = src.baseAddress! + rows.lowerBound * source.rowBytes
            parallelism.forEachBand(rows: rows.count, bytes: middles.reduce(0) { $0 + $1.pixels.count }) { band in
                let passes = zip(middles, layouts).map { middle, layout in
                    (destination: middle.pixels.baseAddress! + band.lowerBound * middle.width * 3, evenPairs: layout)
                }
                if !NativeResampler.horizontalOpaque(.avx2, source: top + band.lowerBound * source.rowBytes,
                                                     sourceWidth: source.width, rowCount: band.count,
                                                     passes: passes, pixelBytes: 3) {
                    declined.record()
                }
            }
        }
        return declined.happened ? [:] : Dictionary(uniqueKeysWithValues: zip(group, middles))
    }

    /// A shared pass's result through its plan's vertical pass (if any), as RGBA.
    private func finish(_ middle: RGBIntermediate, vertical: ResampleWeights?) -> HostImage {
        let width = middle.width, alpha = Int32(middle.alpha!)
        guard let v = vertical else {
            return expand(UnsafePointer(middle.pixels.baseAddress!), width: width, height: middle.height) { _ in
                UInt8(alpha)
            }
        }
        let rowBytes = 3 * width
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes * v.count)
        defer { out.deallocate() }
        let prepared = PreparedWeights.vertical(v)
        parallelism.forEachBand(rows: v.count, bytes: out.count) { band in
            VerticalResampler.resample(source: middle.pixels.baseAddress!, rowBytes: rowBytes,
                                       destination: out.baseAddress!, rows: band, weights: prepared)
        }
        // A column of one alpha `a` comes out of the vertical pass as clamp((2^21 + a·Σk) >> 22),
        // Σk the output row's coefficients (docs/SPEC.md §2.4, wrapping).
        return expand(UnsafePointer(out.baseAddress!), width: width, height: v.count) { y in
            var sum: Int32 = 0
            for t in 0..<v.length(y) { sum &+= v.coefficients[y * v.taps + t] }
            return UInt8(clamping: ((1 << 21) &+ alpha &* sum) >> ResampleWeights.precisionBits)
        }
    }

    /// `height` rows of `width` RGB pixels as RGBA, row `y`'s alpha `alpha(y)`.
    private func expand(_ rgb: UnsafePointer<UInt8>, width: Int, height: Int,
                        alpha: (_ row: Int) -> UInt8) -> HostImage {
        let pixels = makePixels(width: width, height: height) { out in
            for y in 0..<height {
                let source = rgb + 3 * width * y, destination = out + 4 * width * y, a = alpha(y)
                if gg_expand_rgb_avx2(source, destination, width, a) == GG_RESAMPLE_DONE { continue }
                for x in 0..<width {
                    destination[4 * x] = source[3 * x]
                    destination[4 * x + 1] = source[3 * x + 1]
                    destination[4 * x + 2] = source[3 * x + 2]
                    destination[4 * x + 3] = a
                }
            }
        }
        return HostImage(width: width, height: height, computedPixels: pixels)
    }
}

/// One shared horizontal pass's result: `width × height` pixels of RGB (3 bytes each), and the
/// alpha every pixel has (nil when the weights give different columns different alphas).
private final class RGBIntermediate {
    let width: Int, height: Int
    let alpha: UInt8?
    let pixels: UnsafeMutableBufferPointer<UInt8>

    init(layout: SplitWeights.EvenPairs, height: Int) {
        width = layout.windows.count / 4
        self.height = height
        let first = layout.windows.isEmpty ? 0 : layout.windows[3]
        alpha = stride(from: 3, to: layout.windows.count, by: 4).allSatisfy { layout.windows[$0] == first }
            ? UInt8(first) : nil
        pixels = .allocate(capacity: 3 * width * height)
    }

    deinit { pixels.deallocate() }
}

/// Whether some band's native pass declined (it wrote nothing there), set from any band.
private final class BandFailure: Sendable {
    private let declined = Mutex(false)
    func record() { declined.withLock { $0 = true } }
    var happened: Bool { declined.withLock { $0 } }
}
