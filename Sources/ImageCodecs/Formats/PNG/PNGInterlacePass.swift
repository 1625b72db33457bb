/// One pass of a PNG's rows: the pixels at `(x0 + i·dx, y0 + j·dy)`, `width × height` of them.
/// A non-interlaced image is one pass of every pixel; Adam7 (PNG specification, section 8.2)
/// has seven, of which those with no pixel are left out (they have no rows in the stream).
struct PNGInterlacePass: Equatable {
    var x0: Int
    var y0: Int
    var dx: Int
    var dy: Int
    var width: Int
    var height: Int

    /// The non-empty Adam7 passes of a `width × height` image, in stream order.
    static func adam7(width: Int, height: Int) -> [PNGInterlacePass] {
        let origins = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return origins.compactMap { x0, y0, dx, dy in
            let w = (width - x0 + dx - 1) / dx, h = (height - y0 + dy - 1) / dy
            return w > 0 && h > 0 ? PNGInterlacePass(x0: x0, y0: y0, dx: dx, dy: dy, width: w, height: h) : nil
        }
    }
}
