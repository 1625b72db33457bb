/// The box passes of `BoxBlurPlan` and the composite, on the host: the tilt-shift's CPU
/// implementation. The same integer arithmetic as `tilt_shift.cl` (a window sum of clamped
/// pixels), laid out for a CPU: rows keep a 4-channel running sum; columns keep a running
/// sum per channel of a whole row, so the inner loop walks memory in order and vectorises.
enum HostBoxBlur {
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

    /// One box pass down each column, `src` to `dst`. With `blend`, the result is not stored
    /// as it is but composited over the original: `DIV255(original·(255 − m) + blurred·m)`
    /// with `m` the row's mask weight (Pillow's `paste` with an `L` mask).
    static func blurColumns(_ src: UnsafePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                            width: Int, height: Int, plan: BoxBlurPlan,
                            blend: (original: UnsafePointer<UInt8>, mask: [UInt8])? = nil) {
        let r = Int(plan.radius), last = height - 1, rowBytes = width * 4
        let ww = plan.inner, fw = plan.edge
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: rowBytes)
        defer { acc.deallocate() }
        func row(_ y: Int) -> UnsafePointer<UInt8> { src + y * rowBytes }
        let first = row(0)
        for i in 0..<rowBytes { acc[i] = UInt32(first[i]) &* UInt32(r + 1) }
        if r >= 1 {
            for k in 0...min(r - 1, last) {
                let line = row(k)
                for i in 0..<rowBytes { acc[i] &+= UInt32(line[i]) }
            }
        }
        if r - 1 > last {
            let line = row(last), times = UInt32(r - 1 - last)
            for i in 0..<rowBytes { acc[i] &+= UInt32(line[i]) &* times }
        }
        for y in 0..<height {
            let leaving = row(max(y - r - 1, 0)), entering = row(min(y + r, last)), far = row(min(y + r + 1, last))
            let out = dst + y * rowBytes
            if let blend {
                let m = UInt32(blend.mask[y]), keep = 255 - m
                let original = blend.original + y * rowBytes
                for i in 0..<rowBytes {
                    let l = UInt32(leaving[i])
                    acc[i] = acc[i] &+ UInt32(entering[i]) &- l
                    let bulk = acc[i] &* ww &+ (l &+ UInt32(far[i])) &* fw
                    let blurred = (bulk &+ (1 << 23)) >> 24
                    let t = UInt32(original[i]) &* keep &+ blurred &* m &+ 128
                    out[i] = UInt8(truncatingIfNeeded: ((t >> 8) &+ t) >> 8)
                }
            } else {
                for i in 0..<rowBytes {
                    let l = UInt32(leaving[i])
                    acc[i] = acc[i] &+ UInt32(entering[i]) &- l
                    let bulk = acc[i] &* ww &+ (l &+ UInt32(far[i])) &* fw
                    out[i] = UInt8(truncatingIfNeeded: (bulk &+ (1 << 23)) >> 24)
                }
            }
        }
    }
}
