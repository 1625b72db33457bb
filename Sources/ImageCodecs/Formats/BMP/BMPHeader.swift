/// What a BMP's file and info headers say, read as Pillow 13's `BmpImagePlugin` reads them:
/// the header sizes it knows (12, 40, 52, 56, 64, 108, 124), the bitfield layouts it accepts,
/// the palette after the header, and the pixel data at the file header's offset.
struct BMPHeader {
    /// How the pixel data is stored.
    enum Layout: Equatable {
        /// 1, 4 or 8-bit indices into `palette`, rows packed.
        case indexed(bits: Int)
        /// 8-bit (RLE8) or 4-bit (RLE4) run-length encoded indices.
        case runLength(fourBit: Bool)
        /// 16-bit pixels, 5-5-5 (`green6` false) or 5-6-5.
        case packed16(green6: Bool)
        /// 24-bit B, G, R.
        case bgr24
        /// 32-bit pixels: the byte (0...3, little-endian) holding each channel; alpha nil is opaque.
        case bytes32(red: Int, green: Int, blue: Int, alpha: Int?)
    }

    var width = 0
    var height = 0
    /// Rows stored first to last (a negative height); BMPs are usually stored bottom-up.
    var topDown = false
    var bits = 0
    var layout: Layout = .bgr24
    /// RGB of each palette entry (indices past its end read as black, as in Pillow).
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// Where the pixel data starts.
    var dataOffset = 0
    /// Bytes a stored row takes (rows are padded to 4 bytes).
    var stride: Int { ((width * bits + 31) >> 3) & ~3 }
    /// The embedded profile's place in the file (BITMAPV5HEADER, `PROFILE_EMBEDDED`).
    var profileRange: Range<Int>?

    private static let compressionRaw = 0, compressionRLE8 = 1, compressionRLE4 = 2, compressionBitfields = 3

    init(_ b: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
        func fail(_ message: String) -> ImageCodecError {
            ImageCodecError(source: source, reason: .corrupt(message))
        }
        guard b.count >= 18 else { throw ImageCodecError(source: source, reason: .truncated) }
        let offset = Self.u32(b, 10)
        let headerSize = Self.u32(b, 14)
        guard b.count >= 14 + headerSize else { throw ImageCodecError(source: source, reason: .truncated) }
        var at = 14 + headerSize                     // where the file is read on from (masks, palette)
        var compression = Self.compressionRaw
        var colours = 0
        var paletteEntryBytes = 4
        var masks: [Int]?
        switch headerSize {
        case 12:
            width = Self.u16(b, 18)
            height = Self.u16(b, 20)
            bits = Self.u16(b, 24)
            paletteEntryBytes = 3
        case 40, 52, 56, 64, 108, 124:
            width = Int(Int32(bitPattern: UInt32(Self.u32(b, 18))))
            // Pillow takes the height as negative when its top byte is 0xFF (its `y_flip`).
            topDown = b[25] == 0xFF
            let rawHeight = Self.u32(b, 22)
            height = topDown ? (1 << 32) - rawHeight : Int(Int32(bitPattern: UInt32(rawHeight)))
            bits = Self.u16(b, 28)
            compression = Self.u32(b, 30)
            colours = Self.u32(b, 46)
            if compression == Self.compressionBitfields {
                if headerSize >= 52 {
                    masks = (0..<(headerSize >= 56 ? 4 : 3)).map { Self.u32(b, 54 + 4 * $0) }
                } else {
                    // A 40-byte header is followed by the three masks (its "reserved" fourth
                    // RGBQUAD byte is not alpha).
                    guard b.count >= at + 12 else { throw ImageCodecError(source: source, reason: .truncated) }
                    masks = (0..<3).map { Self.u32(b, at + 4 * $0) }
                    at += 12
                }
                if masks!.count == 3 { masks!.append(0) }
            }
            if headerSize == 124, b.count >= 14 + 124, Self.u32(b, 14 + 56) == 0x4D42_4544 {   // 'MBED'
                let start = 14 + Self.u32(b, 14 + 112), size = Self.u32(b, 14 + 116)
                if size > 0, size <= ICCProfile.maximumBytes, start + size <= b.count { profileRange = start..<(start + size) }
            }
        default:
            throw fail("unsupported BMP header size \(headerSize)")
        }
        guard width > 0, height > 0 else { throw fail("BMP size \(width)x\(height)") }
        switch (bits, compression) {
        case (1, Self.compressionRaw), (4, Self.compressionRaw), (8, Self.compressionRaw):
            layout = .indexed(bits: bits)
        case (8, Self.compressionRLE8): layout = .runLength(fourBit: false)
        case (4, Self.compressionRLE4): layout = .runLength(fourBit: true)
        case (16, Self.compressionRaw): layout = .packed16(green6: false)
        case (24, Self.compressionRaw): layout = .bgr24
        case (32, Self.compressionRaw): layout = .bytes32(red: 2, green: 1, blue: 0, alpha: nil)
        case (_, Self.compressionBitfields):
            guard let masks, let bitfields = Self.bitfieldLayout(bits: bits, masks: masks) else {
                throw fail("unsupported BMP bitfields layout")
            }
            layout = bitfields
        case (1, _), (4, _), (8, _), (16, _), (24, _), (32, _):
            throw fail("unsupported BMP compression \(compression)")
        default:
            throw fail("unsupported BMP pixel depth \(bits)")
        }
        if bits <= 8 {
            if colours == 0 { colours = 1 << bits }
            guard colours <= 65536 else { throw fail("unsupported BMP palette size \(colours)") }
            guard b.count >= at + colours * paletteEntryBytes else { throw ImageCodecError(source: source, reason: .truncated) }
            // Pillow keeps a palette of more than 256 entries, and its load then fails with
            // "invalid palette size" (`putpalette`), unless entry i of every entry is gray i
            // (taken mod 256): then it drops the palette and reads the indices as gray levels,
            // which for 8 bits are the same pixels as the palette's.
            if colours > 256 && !Self.isIndexRamp(b, at: at, colours: colours, entryBytes: paletteEntryBytes) {
                throw fail("invalid palette size")
            }
            palette = (0..<min(colours, 256)).map { i in
                let p = at + i * paletteEntryBytes
                return (b[p + 2], b[p + 1], b[p])
            }
            at += colours * paletteEntryBytes
        }
        // The offset 0 (or one pointing at the palette, as Pillow corrects it) means "right after".
        dataOffset = offset == 0 || (offset == 14 + headerSize && bits <= 8) ? at : offset
        guard dataOffset < b.count else { throw ImageCodecError(source: source, reason: .truncated) }
    }

    /// The bitfield layouts Pillow reads (its `MASK_MODES`), or nil.
    private static func bitfieldLayout(bits: Int, masks m: [Int]) -> Layout? {
        switch (bits, m[0], m[1], m[2], m[3]) {
        case (32, 0xFF0000, 0xFF00, 0xFF, 0): .bytes32(red: 2, green: 1, blue: 0, alpha: nil)
        case (32, 0xFF00_0000, 0xFF0000, 0xFF00, 0): .bytes32(red: 3, green: 2, blue: 1, alpha: nil)
        case (32, 0xFF00_0000, 0xFF00, 0xFF, 0): .bytes32(red: 3, green: 1, blue: 0, alpha: nil)
        case (32, 0xFF00_0000, 0xFF0000, 0xFF00, 0xFF): .bytes32(red: 3, green: 2, blue: 1, alpha: 0)
        case (32, 0xFF, 0xFF00, 0xFF0000, 0xFF00_0000): .bytes32(red: 0, green: 1, blue: 2, alpha: 3)
        case (32, 0xFF0000, 0xFF00, 0xFF, 0xFF00_0000), (32, 0, 0, 0, 0): .bytes32(red: 2, green: 1, blue: 0, alpha: 3)
        case (32, 0xFF00_0000, 0xFF00, 0xFF, 0xFF0000): .bytes32(red: 3, green: 1, blue: 0, alpha: 2)
        case (24, 0xFF0000, 0xFF00, 0xFF, _): .bgr24
        case (16, 0xF800, 0x7E0, 0x1F, _): .packed16(green6: true)
        case (16, 0x7C00, 0x3E0, 0x1F, _): .packed16(green6: false)
        default: nil
        }
    }

    /// Whether palette entry i is (i, i, i), i taken mod 256, for every entry: Pillow's test for
    /// a palette it drops as gray (the file holds every entry, checked by the caller).
    private static func isIndexRamp(_ b: UnsafeRawBufferPointer, at: Int, colours: Int, entryBytes: Int) -> Bool {
        (0..<colours).allSatisfy { i in
            let p = at + i * entryBytes, v = UInt8(truncatingIfNeeded: i)
            return b[p] == v && b[p + 1] == v && b[p + 2] == v
        }
    }

    static func u16(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int {
        at + 2 <= b.count ? Int(b[at]) | Int(b[at + 1]) << 8 : 0
    }

    static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int {
        at + 4 <= b.count ? Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 : 0
    }
}
