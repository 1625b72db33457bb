import CBoxBlur
import ImageCodecs

/// The box passes of `BoxBlurPlan` and the tilt-shift's composite, on the host: the CPU
/// implementation of the effects built on Pillow's `GaussianBlur`. The same integer arithmetic
/// as `box_blur.cl` (a window sum of clamped pixels), laid out for a CPU: rows keep a 4-channel
/// running sum; columns keep a running sum per channel of a whole row, so the inner loop walks
/// memory in order and vectorises.
enum HostBoxBlur {
    /// Pillow's `GaussianBlur` of the `width × height` RGBA image `src` into `out` (which must
    /// not overlap it): the passes of `GaussianBlurLaunches` in the same order. The row passes run
    /// down the columns of the transposed image, where every step is vector work (the bytes
    /// equal: the arithmetic is exact integer either way). With `blend`, the last pass is
    /// composited over the original with each row's mask weight (the tilt-shift).
    static func gaussianBlur(_ src: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                             width: Int, height: Int, plan: BoxBlurPlan,
                             blend: (original: UnsafePointer<UInt8>, mask: [UInt8])? = nil) {
        let count = width * height * 4
        // Written whole, both: each pass (transpose, blur) writes every byte of its target
        // before the next reads it.
        var a = [UInt8](pixelCapacity: count, .writtenWhole) { $1 = count }
        var b = [UInt8](pixelCapacity: count, .writtenWhole) { $1 = count }
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                let pa = a.baseAddress!, pb = b.baseAddress!
                transpose(src, pa, width: width, height: height)
                blurColumns(pa, pb, width: height, height: width, plan: plan)
                blurColumns(pb, pa, width: height, height: width, plan: plan)
                blurColumns(pa, pb, width: height, height: width, plan: plan)
                transpose(pb, pa, width: height, height: width)
                blurColumns(pa, pb, width: width, height: height, plan: plan)
                blurColumns(pb, pa, width: width, height: height, plan: plan)
                blurColumns(pa, out, width: width, height: height, plan: plan, blend: blend)
            }
        }
    }

    typealias Pixel = SIMD4<UInt32>

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ pixel: Int) -> Pixel {
        Pixel(truncatingIfNeeded: UnsafeRawPointer(base + pixel * 4).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    /// One box pass along each row of a `width × height` RGBA image, `src` to `dst`.
    static func blurRows(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                         width: Int, height: Int, plan: BoxBlurPlan) {
        let r = Int(plan.radius), last = width - 1
        let ww = Pixel(repeating: plan.inner), fw = Pixel(repeating: plan.edge), half = Pixel(repeating: 1 << 23)
        for y in 0..<height {
            let row = src + y * width * 4
            let out = UnsafeMutableRawPointer(dst + y * width * 4)
            // The window of x = −1: [−r−1, r−1], clamped.
            var acc = load(row, 0) &* Pixel(repeating: UInt32(r + 1))
            if r >= 1 {
                for k in 0...min(r - 1, last) { acc &+= load(row, k) }
            }
            if r - 1 > last { acc &+= load(row, last) &* Pixel(repeating: UInt32(r - 1 - last)) }
            for x in 0..<width {
                let leaving = load(row, max(x - r - 1, 0))
                acc &+= load(row, min(x + r, last)) &- leaving
                let bulk = acc &* ww &+ (leaving &+ load(row, min(x + r + 1, last))) &* fw
                out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: (bulk &+ half) &>> 24), toByteOffset: x * 4,
                               as: SIMD4<UInt8>.self)
            }
        }
    }

    /// One box pass down each column, `src` to `dst` (CBoxBlur's vectorised loop). With
    /// `blend`, the result is composited over the original with each row's mask weight.
    static func blurColumns(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                            width: Int, height: Int, plan: BoxBlurPlan,
                            blend: (original: UnsafePointer<UInt8>, mask: [UInt8])? = nil) {
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: width * 4)
        defer { acc.deallocate() }
        if let blend {
            blend.mask.withUnsafeBufferPointer { mask in
                gg_box_blur_columns(src, dst, Int32(width * 4), Int32(height), plan.radius, plan.inner, plan.edge,
                                    blend.original, mask.baseAddress, acc)
            }
        } else {
            gg_box_blur_columns(src, dst, Int32(width * 4), Int32(height), plan.radius, plan.inner, plan.edge,
                                nil, nil, acc)
        }
    }

    /// `dst` (height × width) = `src` (width × height) transposed. Pillow blurs columns the
    /// same way: transpose, blur rows, transpose back; here the rows are the ones transposed,
    /// so that every pass is the vectorised column pass.
    static func transpose(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        gg_transpose_rgba(src, dst, Int32(width), Int32(height))
    }
}
