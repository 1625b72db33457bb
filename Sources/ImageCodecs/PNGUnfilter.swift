/// Reverses PNG's per-row filters (PNG specification, section 9): each row of the inflated
/// image data starts with a filter type, and its bytes are differences from a prediction made
/// from the byte to the left (`a`), above (`b`) and above-left (`c`), with the `a` and `c` of
/// the first pixel, and the whole row above the first row, taken as 0.
///
/// Two forms:
/// - `rgbRowToRGBA` / `rgbaRowToRGBA`, for 8-bit RGB and RGBA, the layouts photos come in:
///   they unfilter and write RGBA output in the same pass, reading the row above from the
///   output (its RGB bytes are exactly the unfiltered bytes). A pixel is handled as one 32-bit
///   word: None, Sub, Up and Average with byte-wise SWAR arithmetic, Paeth (the filter of
///   nearly every row of a photo) with the four channels side by side in 16-bit SIMD lanes,
///   as libpng's SSE2 code does, and two Paeth rows at once where two follow each other
///   (`rgbPaethRowPairToRGBA`, `rgbaPaethRowPairToRGBA`). An RGB pixel is read as 4 bytes, so
///   the input must have at least one readable byte after the last row (callers allocate
///   slack).
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
        paethRowPairToRGBA(source: source, nextSource: nextSource, sourceStride: 3, alpha: Self.opaque, above: above,
                           destination: destination, nextDestination: nextDestination, width: width)
    }

    /// `rgbPaethRowPairToRGBA` for 8-bit RGBA rows (`width * 4` bytes each).
    @inline(never)
    static func rgbaPaethRowPairToRGBA(source: UnsafePointer<UInt8>, nextSource: UnsafePointer<UInt8>,
                                       above: UnsafePointer<UInt8>, destination: UnsafeMutablePointer<UInt8>,
                                       nextDestination: UnsafeMutablePointer<UInt8>, width: Int) {
        paethRowPairToRGBA(source: source, nextSource: nextSource, sourceStride: 4, alpha: 0, above: above,
                           destination: destination, nextDestination: nextDestination, width: width)
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
            var paeth = PaethPredictor()
            for x in 0..<width {
                let value = paeth.next(raw: lanes(raw(x)), above: lanes(upper(x)))
                store(word(value) | alpha, x)
            }
        default:
            return false
        }
        return true
    }

    /// The shared loop of the two row-pair entry points.
    ///
    /// Paeth's chain from each pixel to the next is long (about 10 dependent vector
    /// instructions), so a single row leaves the CPU waiting. Two rows go through it together,
    /// in a wavefront: the low four lanes hold pixel `x` of the first row, the high four pixel
    /// `x - 1` of the second, whose `above` is pixel `x - 1` of the first row, computed in the
    /// previous step and taken from the register (`shiftedUp`). The two halves are
    /// independent lanes of the same instructions: about 30% less time per pixel than one row
    /// at a time. Reads 4 bytes per RGB pixel, one past each row (see the type's comment);
    /// writes the second row's pixel `x - 1` after reading its pixel `x - 1` and the first
    /// row's pixel `x` (callers placing the input inside the output leave room for that).
    @inline(__always)
    private static func paethRowPairToRGBA(source: UnsafePointer<UInt8>, nextSource: UnsafePointer<UInt8>,
                                           sourceStride: Int, alpha: UInt32, above: UnsafePointer<UInt8>,
                                           destination: UnsafeMutablePointer<UInt8>,
                                           nextDestination: UnsafeMutablePointer<UInt8>, width: Int) {
        let first = UnsafeRawPointer(source), second = UnsafeRawPointer(nextSource), up = UnsafeRawPointer(above)
        let out = UnsafeMutableRawPointer(destination), nextOut = UnsafeMutableRawPointer(nextDestination)
        @inline(__always) func raw(_ row: UnsafeRawPointer, _ x: Int) -> UInt32 {
            row.loadUnaligned(fromByteOffset: x * sourceStride, as: UInt32.self)
        }
        @inline(__always) func shiftedUp(_ v: SIMD8<Int16>) -> SIMD8<Int16> { SIMD8(lowHalf: SIMD4(), highHalf: v.lowHalf) }
        var paeth = PaethPredictor()
        // Pixel 0 of the first row; the second row's lanes work on zeros and stay 0, which
        // is what its pixel 0 needs as `a` and `c`.
        var value = paeth.next(raw: lanes(raw(first, 0)), above: lanes(up.loadUnaligned(as: UInt32.self)))
        out.storeBytes(of: word(value) | alpha, as: UInt32.self)
        for x in 1..<max(1, width) {
            let b = lanes(up.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)) &+ shiftedUp(value)
            value = paeth.next(raw: lanes(raw(first, x), raw(second, x - 1)), above: b)
            let pair = words(value)
            out.storeBytes(of: UInt32(truncatingIfNeeded: pair) | alpha, toByteOffset: 4 * x, as: UInt32.self)
            nextOut.storeBytes(of: UInt32(truncatingIfNeeded: pair >> 32) | alpha, toByteOffset: 4 * (x - 1),
                               as: UInt32.self)
        }
        // The second row's last pixel (the first row's lanes are idle).
        value = paeth.next(raw: lanes(0, raw(second, width - 1)), above: shiftedUp(value))
        nextOut.storeBytes(of: UInt32(truncatingIfNeeded: words(value) >> 32) | alpha, toByteOffset: 4 * (width - 1),
                           as: UInt32.self)
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

    /// The four bytes of a word, in memory order, as the low four 16-bit lanes (the upper
    /// four are 0: an SSE2 register holds 8 lanes, and 4-lane vectors compile worse).
    @inline(__always)
    private static func lanes(_ word: UInt32) -> SIMD8<Int16> {
        SIMD8<Int16>(truncatingIfNeeded: unsafeBitCast(UInt64(word), to: SIMD8<UInt8>.self))
    }

    /// Two words as 16-bit lanes: `low` in the low four, `high` in the high four.
    @inline(__always)
    private static func lanes(_ low: UInt32, _ high: UInt32) -> SIMD8<Int16> {
        SIMD8<Int16>(truncatingIfNeeded: unsafeBitCast(UInt64(low) | UInt64(high) << 32, to: SIMD8<UInt8>.self))
    }

    /// The low four lanes (holding 0...255) back to a word.
    @inline(__always)
    private static func word(_ lanes: SIMD8<Int16>) -> UInt32 {
        UInt32(truncatingIfNeeded: words(lanes))
    }

    /// All eight lanes (holding 0...255) back to two words: the low four in the low half.
    @inline(__always)
    private static func words(_ lanes: SIMD8<Int16>) -> UInt64 {
        unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: lanes), to: UInt64.self)
    }
}

/// The Paeth filter along a row, a pixel's four channels at once in 16-bit lanes.
///
/// Written for what the compiler makes of it, measured on photos (about 3.5 ns a pixel
/// against 9 for a plain per-byte loop, whose data-dependent branches mispredict):
/// - only operations the standard library implements with vector instructions for concrete
///   SIMD types: `&+`, `&-`, `&*`, and comparisons (`pointwiseMax`/`Min` are written out with them: the optimiser may
///   leave those generic functions out of line, see `magnitude`). The generic bitwise
///   operators (`&`, `|`, `>>`) and `replace(with:where:)` are element loops that the
///   optimiser turns back into per-lane scalar code here;
/// - a comparison's `SIMDMask` read as its 0/-1 lanes, so choosing between `x` and `y` is
///   `x &+ (x &- y) &* mask`, which compiles to `pand`/`pandn`/`por`;
/// - everything that does not depend on the pixel to the left (`|b - c|`, and `raw + b`,
///   `raw + c` reduced mod 256) computed off the loop-carried chain, which then runs from
///   `a` through the two distances, the comparisons and two selections only.
private struct PaethPredictor {
    /// The previous output pixel (left) and the previous pixel above (above-left), 0...255.
    private var a = SIMD8<Int16>(), c = SIMD8<Int16>()

    /// The unfiltered pixel for filtered bytes `raw` under `above`, all lanes 0...255.
    @inline(__always)
    mutating func next(raw: SIMD8<Int16>, above b: SIMD8<Int16>) -> SIMD8<Int16> {
        let p = b &- c
        let pa = Self.magnitude(p)
        let rawPlusB = Self.mod256(raw &+ b), rawPlusC = Self.mod256(raw &+ c)
        let q = a &- c
        let pb = Self.magnitude(q)
        let sum = p &+ q
        let pc = Self.magnitude(sum)
        let takeC = Self.lanes(pc .< pb)                                  // else b
        let rawPlusBOrC = rawPlusB &+ (rawPlusB &- rawPlusC) &* takeC
        let rawPlusA = Self.mod256(raw &+ a)
        let x = Self.lanes(pb .< pa), y = Self.lanes(pc .< pa)
        let notA = x &+ y &+ x &* y                                       // either: 0/-1 lanes
        let value = rawPlusA &+ (rawPlusA &- rawPlusBOrC) &* notA
        a = value
        c = b
        return value
    }

    /// `|v|` lane by lane, from a comparison and a multiply: `pointwiseMax(v, 0 &- v)` is a
    /// generic function the optimiser may leave out of line (it did once another file of the
    /// module used it for 16-lane vectors, and PNG decoding slowed by a third).
    @inline(__always)
    private static func magnitude(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
        v &+ (v &+ v) &* lanes(v .< SIMD8(repeating: 0))
    }

    /// `v mod 256` for lanes holding 0...510.
    @inline(__always)
    private static func mod256(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
        v &+ lanes(v .> SIMD8(repeating: 255)) &* SIMD8(repeating: 256)
    }

    /// A mask as lanes of -1 (true) and 0 (false): `SIMDMask` is a frozen wrapper of exactly
    /// such a vector.
    @inline(__always)
    private static func lanes(_ mask: SIMDMask<SIMD8<Int16>>) -> SIMD8<Int16> {
        unsafeBitCast(mask, to: SIMD8<Int16>.self)
    }
}
