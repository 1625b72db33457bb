/// Turning stored pixels into displayed pixels.
extension ImageOrientation {
    /// The picture as it should be shown: `image` (stored pixels) mirrored and/or rotated.
    ///
    /// Mirrors and the 180° turn work in place on `image`'s storage; the four cases that swap
    /// width and height write a new buffer, in 32 × 32 tiles so reads and writes stay in cache.
    package func apply(to image: HostImage) -> HostImage {
        var image = image
        apply(to: &image)
        return image
    }

    /// In-place variant of `apply(to:)`.
    package func apply(to image: inout HostImage) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else {
            let size = displayedSize(width: w, height: h)
            image = HostImage(width: size.width, height: size.height, computedPixels: [])
            return
        }
        switch self {
        case .topLeft:
            return
        case .topRight:
            image.pixels.withUnsafeMutableBytes { Self.mirrorRows($0, width: w, height: h) }
        case .bottomLeft:
            image.pixels.withUnsafeMutableBytes { Self.mirrorColumns($0, width: w, height: h) }
        case .bottomRight:
            image.pixels.withUnsafeMutableBytes { Self.reversePixels($0, from: 0, count: w * h) }
        case .leftTop, .rightTop, .rightBottom, .leftBottom:
            image = transposed(image)
        }
    }

    /// Reverses the pixel order within each row.
    private static func mirrorRows(_ p: UnsafeMutableRawBufferPointer, width w: Int, height h: Int) {
        for y in 0..<h { reversePixels(p, from: y * w, count: w) }
    }

    /// Reverses the order of `count` pixels starting at pixel `start`. Over the whole image
    /// that is a rotation by 180°.
    private static func reversePixels(_ p: UnsafeMutableRawBufferPointer, from start: Int, count: Int) {
        var left = p.baseAddress! + start * 4
        var right = left + (count - 1) * 4
        while left < right {
            let a = left.loadUnaligned(as: UInt32.self)
            left.storeBytes(of: right.loadUnaligned(as: UInt32.self), as: UInt32.self)
            right.storeBytes(of: a, as: UInt32.self)
            left += 4
            right -= 4
        }
    }

    /// Reverses the order of the rows.
    private static func mirrorColumns(_ p: UnsafeMutableRawBufferPointer, width w: Int, height h: Int) {
        let rowBytes = w * 4
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { scratch.deallocate() }
        let base = p.baseAddress!
        var top = 0, bottom = h - 1
        while top < bottom {
            let a = base + top * rowBytes, b = base + bottom * rowBytes
            scratch.copyMemory(from: a, byteCount: rowBytes)
            a.copyMemory(from: b, byteCount: rowBytes)
            b.copyMemory(from: scratch, byteCount: rowBytes)
            top += 1
            bottom -= 1
        }
    }

    /// The four orientations that swap axes. Output pixel `(ox, oy)` (output width = stored
    /// height) comes from stored pixel `(sx, sy)`:
    /// - leftTop (transpose): `sx = oy`, `sy = ox`
    /// - rightTop (rotate 90° clockwise): `sx = oy`, `sy = h - 1 - ox`
    /// - rightBottom (transverse): `sx = w - 1 - oy`, `sy = h - 1 - ox`
    /// - leftBottom (rotate 90° counter-clockwise): `sx = w - 1 - oy`, `sy = ox`
    private func transposed(_ image: HostImage) -> HostImage {
        let w = image.width, h = image.height
        let outW = h, outH = w
        let flipX = self == .rightBottom || self == .leftBottom   // sx runs backwards along oy
        let flipY = self == .rightTop || self == .rightBottom     // sy runs backwards along ox
        let tile = 32
        // Source step between consecutive output pixels of a row (they walk down or up a column).
        let step = flipY ? -w * 4 : w * 4
        // Written whole: the tiles cover every output pixel.
        let out = [UInt8](pixelCapacity: w * h * 4, .writtenWhole) { dst, initialized in
            image.pixels.withUnsafeBytes { src in
                let s = src.baseAddress!, d = UnsafeMutableRawPointer(dst.baseAddress!)
                for oy0 in stride(from: 0, to: outH, by: tile) {
                    let oy1 = min(oy0 + tile, outH)
                    for ox0 in stride(from: 0, to: outW, by: tile) {
                        let ox1 = min(ox0 + tile, outW)
                        for oy in oy0..<oy1 {
                            let sx = flipX ? w - 1 - oy : oy
                            let sy = flipY ? h - 1 - ox0 : ox0
                            var from = s + (sy * w + sx) * 4
                            var to = d + (oy * outW + ox0) * 4
                            for _ in ox0..<ox1 {
                                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                                from += step
                                to += 4
                            }
                        }
                    }
                }
            }
            initialized = w * h * 4
        }
        return HostImage(width: outW, height: outH, computedPixels: out)
    }
}
