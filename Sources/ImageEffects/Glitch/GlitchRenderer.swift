import ImageMaths
/// The glitch filter of docs/SPEC.md §4 over raw RGBA rows, `GlitchKernel`'s host
/// implementation: per output pixel, red from `shift` pixels to the right, green and alpha in
/// place, blue from `shift` to the left, all inside a row displaced by that row's tear offset;
/// scanline rows darkened.
enum GlitchRenderer {
    /// Renders rows `rows` of a `plan.width × plan.height` image.
    static func render(_ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>,
                       plan: GlitchPlan, rows: Range<Int>) {
        let w = plan.width
        let wrap = plan.edge == .wrap
        let shift = plan.reducedShift
        plan.darkening.withUnsafeBufferPointer { darken in
            plan.wrappedRowOffsets.withUnsafeBufferPointer { offsets in
                for y in rows {
                    let inRow = source + y * w * 4
                    let outRow = destination + y * w * 4
                    // Tear: xs = mod(x + offset, W), kept in 0..<W by one subtraction per step.
                    let offset = Int(offsets[y])
                    let scanline = plan.isScanline(y)
                    for x in 0..<w {
                        var xs = x + offset
                        if xs >= w { xs -= w }
                        var xr = xs + shift, xb = xs - shift
                        if wrap {
                            if xr >= w { xr -= w }
                            if xb < 0 { xb += w }
                        } else {
                            if xr > w - 1 { xr = w - 1 }
                            if xb < 0 { xb = 0 }
                        }
                        var r = inRow[xr * 4], g = inRow[xs * 4 + 1], b = inRow[xb * 4 + 2]
                        if scanline {
                            r = darken[Int(r)]; g = darken[Int(g)]; b = darken[Int(b)]
                        }
                        let q = outRow + x * 4
                        q[0] = r; q[1] = g; q[2] = b; q[3] = inRow[xs * 4 + 3]
                    }
                }
            }
        }
    }
}
