import CPNGUnfilter

/// Reverses PNG's per-row filters (PNG specification, section 9): each row of the inflated
/// image data starts with a filter type, and its bytes are differences from a prediction made
/// from the byte to the left (`a`), above (`b`) and above-left (`c`), with the `a` and `c` of
/// the first pixel, and the whole row above the first row, taken as 0.
///
/// Two forms:
/// - `rgbRowToRGBA` / `rgbaRowToRGBA`, for 8-bit RGB and RGBA, the layouts photos come in:
///   they unfilter and write RGBA output in the same pass, reading the row above from the
///   output (its RGB bytes are exactly the unfiltered bytes). A pixel is handled as one 32-bit
///   word: None, Sub, Up and Average with byte-wise SWAR arithmetic; Paeth (the filter of
///   nearly every row of a photo) in C with SSE2 (`CPNGUnfilter`: the four channels side by
///   side in 16-bit lanes, as libpng's SSE2 code does), and two Paeth rows at once where two
///   follow each other (`rgbPaethRowPairToRGBA`, `rgbaPaethRowPairToRGBA`). An RGB pixel is
///   read as 4 bytes, so the input must have at least one readable byte after the last row
///   (callers allocate slack).
/// - `unfilterInPlace`, byte by byte, for every other layout (gray, gray+alpha, palette, and
///   bit depths below 8), whose rows are then expanded to RGBA by `PNGRowExpander`.
///
/// A filter type above 4 makes these return `false` (libpng rejects such a file).
/// All pointers are unchecked: callers pass rows of the stated sizes.
enum PNGUnfilter {
    /// Unfilters one 8-bit RGB row (`width * 3` bytes at `source`) into RGBA at `destination`
    /// with alpha 255; `above` is the previous RGBA output row, or zeros for the first row.
    @inline(never)
    static func rgbRowToRGBA(filter: UInt8, source: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                             destination: UnsafeMutablePointer<UInt8>, width: Int) -> Bool {
        rowToRGBA(filter: filter, source: source, sourceStride: 3, alpha: Self.opaque,
                  above: above, destination: destination, width: width)
    }

    /// Unfilters one 8-bit RGBA row (`width * 4` bytes at `source`) into `destination`;
    /// `above` is the previous output row, or zeros for the first row.
    @inline(never)
    static func rgbaRowToRGBA(filter: UInt8, source: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                              destination: UnsafeMutablePointer<UInt8>, width: Int) -> Bool {
        rowToRGBA(filter: filter, source: source, sourceStride: 4, alpha: 0,
                  above: above, destination: destination, width: width)
    }

    /// Unfilters two consecutive Paeth-filtered 8-bit RGB rows (`width * 3` bytes each at
    /// `source` and `nextSource`) into RGBA at `destination` and `nextDestination`, with
    /// alpha 255; `above` is the output row before the first, or zeros.
    @inline(never)
    static func rgbPaethRowPairToRGBA(source: UnsafePointer<UInt8>, nextSource: UnsafePointer<UInt8>,
                                      above: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
                                      nextDestination: UnsafeMutablePointer<UInt8>, width: Int) {
        gg_png_paeth_row_pair_to_rgba(source, nextSource, 3, Self.opaque, above, destination, nextDestination, width)
    }

    /// `rgbPaethRowPairToRGBA` for 8-bit RGBA rows (`width * 4` bytes each).
    @inline(never)
    static func rgbaPaethRowPairToRGBA(source: UnsafePointer<UInt8>, nextSource: UnsafePointer<UInt8>,
                                       above: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
                                       nextDestination: UnsafeMutablePointer<UInt8>, width: Int) {
        gg_png_paeth_row_pair_to_rgba(source, nextSource, 4, 0, above, destination, nextDestination, width)
    }

    /// Unfilters `count` bytes at `row` in place; `above` is the previous row, already
    /// unfiltered (or zeros), and `stride` the bytes per complete pixel (at least 1).
    static func unfilterInPlace(filter: UInt8, row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>,
                                count: Int, stride: Int) -> Bool {
        let first = min(stride, count)
        switch filter {
        case 0:
            break
        case 1:
            for i in stride..<max(stride, count) { row[i] &+= row[i - stride] }
        case 2:
            for i in 0..<count { row[i] &+= above[i] }
        case 3:
            for i in 0..<first { row[i] &+= above[i] >> 1 }
            for i in stride..<max(stride, count) {
                row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i - stride]) + UInt16(above[i])) >> 1)
            }
        case 4:
            for i in 0..<first { row[i] &+= above[i] }      // a = c = 0: the prediction is b
            for i in stride..<max(stride, count) {
                row[i] &+= paeth(Int(row[i - stride]), Int(above[i]), Int(above[i - stride]))
            }
        default:
            return false
        }
        return true
    }

    /// The Paeth predictor of one byte: whichever of `a`, `b`, `c` is closest to `a + b - c`,
    /// preferring `a`, then `b`.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        return UInt8(truncatingIfNeeded: predicted)
    }

    // MARK: - RGB(A) rows, a pixel at a time

    /// The alpha byte of a native-order RGBA word.
    private static let opaque = UInt32(littleEndian: 0xFF00_0000)

    /// The shared loop of the two RGB(A) entry points; inlined into each, so the stride and
    /// the alpha mask are constants there.
    @inline(__always)
    private static func rowToRGBA(filter: UInt8, source: UnsafePointer<UInt8>, sourceStride: Int, alpha: UInt32,
                                  above: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
                                  width: Int) -> Bool {
        let src = UnsafeRawPointer(source), up = UnsafeRawPointer(above), dst = UnsafeMutableRawPointer(destination)
        @inline(__always) func raw(_ x: Int) -> UInt32 { src.loadUnaligned(fromByteOffset: x * sourceStride, as: UInt32.self) }
        @inline(__always) func upper(_ x: Int) -> UInt32 { up.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) }
        @inline(__always) func store(_ v: UInt32, _ x: Int) { dst.storeBytes(of: v, toByteOffset: x * 4, as: UInt32.self) }
        switch filter {
        case 0:
            for x in 0..<width { store(raw(x) | alpha, x) }
        case 1:
            var left: UInt32 = 0
            for x in 0..<width {
                left = addBytes(raw(x), left) | alpha
                store(left, x)
            }
        case 2:
            for x in 0..<width { store(addBytes(raw(x), upper(x)) | alpha, x) }
        case 3:
            var left: UInt32 = 0
            for x in 0..<width {
                left = addBytes(raw(x), averageBytes(left, upper(x))) | alpha
                store(left, x)
            }
        case 4:
            gg_png_paeth_row_to_rgba(source, sourceStride, alpha, above, destination, width)
        default:
            return false
        }
        return true
    }

    /// Byte-wise `x + y` (mod 256 in each byte) of two words, with no carry between bytes.
    @inline(__always)
    private static func addBytes(_ x: UInt32, _ y: UInt32) -> UInt32 {
        ((x & 0x7F7F_7F7F) &+ (y & 0x7F7F_7F7F)) ^ ((x ^ y) & 0x8080_8080)
    }

    /// Byte-wise `(x + y) >> 1` of two words, without overflow.
    @inline(__always)
    private static func averageBytes(_ x: UInt32, _ y: UInt32) -> UInt32 {
        (x & y) &+ (((x ^ y) >> 1) & 0x7F7F_7F7F)
    }
}
