/// Where libvips 8.14's entropy crop puts a `cropWidth × cropHeight` window (docs/SPEC.md §3.1):
/// starting from the whole picture, it cuts a slice off the left or the right (whichever has
/// less entropy; the left on a tie), then off the top or the bottom, each slice at most an
/// eighth of the larger excess, until the window is left.
///
/// A slice's entropy is that of the histogram of all its bands together (256 bins each);
/// two slices of one step have the same size, so the one with less entropy is the one with the
/// larger Σ c·log₂c over its bins, which is computed here in integer arithmetic (log₂ with 20
/// fractional bits), the same on every machine.
package struct EntropyWindow {
    /// RGBA8 pixels, `4·width·height` bytes.
    package let pixels: [UInt8]
    package let width: Int
    package let height: Int
    /// Whether alpha counts as a band (premultiplied colour then, as libvips premultiplies an
    /// image with alpha before it looks for content); an opaque picture has three bands.
    package let hasAlpha: Bool

    package init(pixels: [UInt8], width: Int, height: Int, hasAlpha: Bool) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.pixels = pixels
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
    }

    /// The window's top-left corner; the window must fit inside the picture.
    package func origin(cropWidth: Int, cropHeight: Int) -> (x: Int, y: Int) {
        precondition(cropWidth > 0 && cropHeight > 0 && cropWidth <= width && cropHeight <= height)
        var left = 0, top = 0, w = width, h = height
        // ceil(excess / 8.0) of the axis that needs trimming most.
        let maxSlice = max((width - cropWidth + 7) / 8, (height - cropHeight + 7) / 8)
        while w > cropWidth || h > cropHeight {
            let sliceWidth = min(w - cropWidth, maxSlice)
            let sliceHeight = min(h - cropHeight, maxSlice)
            if sliceWidth > 0 {
                let leftSum = sumCLogC(x: left, y: top, width: sliceWidth, height: h)
                let rightSum = sumCLogC(x: left + w - sliceWidth, y: top, width: sliceWidth, height: h)
                w -= sliceWidth
                // entropy(left) < entropy(right) ⟺ Σc·log c (left) > Σc·log c (right).
                if leftSum > rightSum { left += sliceWidth }
            }
            if sliceHeight > 0 {
                let topSum = sumCLogC(x: left, y: top, width: w, height: sliceHeight)
                let bottomSum = sumCLogC(x: left, y: top + h - sliceHeight, width: w, height: sliceHeight)
                h -= sliceHeight
                if topSum > bottomSum { top += sliceHeight }
            }
        }
        return (left, top)
    }

    /// Σ c·log₂c over the histogram bins of the rectangle, log₂ in Q20.
    package func sumCLogC(x: Int, y: Int, width w: Int, height h: Int) -> Int64 {
        var histogram = [Int](repeating: 0, count: 1024)
        pixels.withUnsafeBufferPointer { p in
            for row in y..<(y + h) {
                var i = (row * width + x) * 4
                if hasAlpha {
                    for _ in 0..<w {
                        let a = Int(p[i + 3])
                        histogram[(Int(p[i]) * a + 127) / 255] += 1
                        histogram[256 + (Int(p[i + 1]) * a + 127) / 255] += 1
                        histogram[512 + (Int(p[i + 2]) * a + 127) / 255] += 1
                        histogram[768 + a] += 1
                        i += 4
                    }
                } else {
                    for _ in 0..<w {
                        histogram[Int(p[i])] += 1
                        histogram[256 + Int(p[i + 1])] += 1
                        histogram[512 + Int(p[i + 2])] += 1
                        i += 4
                    }
                }
            }
        }
        var sum: Int64 = 0
        for c in histogram where c > 1 {
            sum += Int64(c) * IntegerRoots.log2(UInt64(c), fractionBits: 20)
        }
        return sum
    }
}
