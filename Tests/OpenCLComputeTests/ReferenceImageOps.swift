@testable import OpenCLCompute
import ComputeCore
import CPUCompute
import ImageCodecs
import ImageMaths

/// The image operations of docs/SPEC.md §2–§4 written as plain loops, straight from the formulas, with
/// no attempt at speed: the independent reference the OpenCL kernels are checked against.
enum ReferenceImageOps {
    static func resampleHorizontal(_ image: HostImage, weights: ResampleWeights, rows: Range<Int>) -> HostImage {
        var out = HostImage(zeroedWidth: weights.count, height: rows.count)
        for (y, sy) in rows.enumerated() {
            for x in 0..<weights.count {
                for c in 0..<4 {
                    var acc: Int32 = 1 << 21
                    for k in 0..<weights.length(x) {
                        let pixel = Int32(image.pixels[(sy * image.width + weights.start(x) + k) * 4 + c])
                        acc += pixel * weights.coefficients[x * weights.taps + k]
                    }
                    out.pixels[(y * out.width + x) * 4 + c] = UInt8(min(255, max(0, acc >> 22)))
                }
            }
        }
        return out
    }

    static func resampleVertical(_ image: HostImage, weights: ResampleWeights) -> HostImage {
        var out = HostImage(zeroedWidth: image.width, height: weights.count)
        for y in 0..<weights.count {
            for x in 0..<image.width {
                for c in 0..<4 {
                    var acc: Int32 = 1 << 21
                    for k in 0..<weights.length(y) {
                        let pixel = Int32(image.pixels[((weights.start(y) + k) * image.width + x) * 4 + c])
                        acc += pixel * weights.coefficients[y * weights.taps + k]
                    }
                    out.pixels[(y * out.width + x) * 4 + c] = UInt8(min(255, max(0, acc >> 22)))
                }
            }
        }
        return out
    }

    static func crop(_ image: HostImage, to r: PixelRect) -> HostImage {
        var out = HostImage(zeroedWidth: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width {
                for c in 0..<4 {
                    out.pixels[(y * r.width + x) * 4 + c] = image.pixels[((r.y + y) * image.width + r.x + x) * 4 + c]
                }
            }
        }
        return out
    }

    /// Pillow's `rgba2rgbA`: `MULDIV255(c, a)`.
    static func premultiply(_ image: HostImage) -> HostImage {
        var out = image
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Int(image.pixels[i + 3])
            for c in 0..<3 {
                let t = Int(image.pixels[i + c]) * a + 128
                out.pixels[i + c] = UInt8(((t >> 8) + t) >> 8)
            }
        }
        return out
    }

    /// Pillow's `rgbA2rgba`.
    static func unpremultiply(_ image: HostImage) -> HostImage {
        var out = image
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = Int(image.pixels[i + 3])
            if a == 0 || a == 255 { continue }
            for c in 0..<3 {
                out.pixels[i + c] = UInt8(min(255, 255 * Int(image.pixels[i + c]) / a))
            }
        }
        return out
    }

    static func glitch(_ image: HostImage, plan: GlitchPlan) -> HostImage {
        let w = image.width
        func mod(_ v: Int, _ m: Int) -> Int { ((v % m) + m) % m }
        func edge(_ v: Int) -> Int { plan.edge == .clamp ? min(max(v, 0), w - 1) : mod(v, w) }
        var out = image
        for y in 0..<image.height {
            for x in 0..<w {
                let xs = mod(x + Int(plan.rowOffsets[y]), w)
                var rgb = [image[edge(xs + plan.shift), y].r, image[xs, y].g, image[edge(xs - plan.shift), y].b]
                if plan.scanlinePeriod > 0 && y % plan.scanlinePeriod < plan.scanlineThickness {
                    rgb = rgb.map { UInt8((Int($0) * (255 - plan.scanlineStrength) + 127) / 255) }
                }
                let o = (y * w + x) * 4
                out.pixels[o] = rgb[0]
                out.pixels[o + 1] = rgb[1]
                out.pixels[o + 2] = rgb[2]
                out.pixels[o + 3] = image[xs, y].a
            }
        }
        return out
    }

    /// The fused resize (and window) of `ComputeBackend.resample`, from the primitives above.
    static func resample(_ image: HostImage, plan: ResamplePlan) -> HostImage {
        if plan.isIdentity { return image }
        let premultiplied = image.hasTransparency && (plan.horizontal != nil || plan.vertical != nil)
        var current = premultiplied ? premultiply(image) : image
        if plan.order == .verticalFirst {
            // Pillow's way, without the plan's shortcuts: the vertical pass over the whole
            // width, the horizontal pass over the whole result, then the window.
            let v = ResampleWeights.compute(inSize: plan.inputHeight, outSize: plan.outputHeight, filter: plan.filter)
            current = resampleVertical(current, weights: v)
            if plan.outputWidth != plan.inputWidth {
                let h = ResampleWeights.compute(inSize: plan.inputWidth, outSize: plan.outputWidth, filter: plan.filter)
                current = resampleHorizontal(current, weights: h, rows: 0..<current.height)
            }
            if plan.window != PixelRect(x: 0, y: 0, width: current.width, height: current.height) {
                current = crop(current, to: plan.window)
            }
            return premultiplied ? unpremultiply(current) : current
        }
        if let h = plan.horizontal {
            current = resampleHorizontal(current, weights: h, rows: plan.sourceRows)
        } else if plan.columnCopyRect != PixelRect(x: 0, y: 0, width: current.width, height: current.height) {
            current = crop(current, to: plan.columnCopyRect)
        }
        if let v = plan.vertical { current = resampleVertical(current, weights: v) }
        return premultiplied ? unpremultiply(current) : current
    }
}
