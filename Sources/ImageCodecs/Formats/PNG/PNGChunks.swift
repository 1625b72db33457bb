import CDeflate

/// One chunk of a PNG file, as offsets into the file's bytes.
struct PNGChunk {
    /// Offset of the chunk's length field.
    let offset: Int
    /// The four letters, big-endian (`PNGChunk.idat` and friends).
    let type: UInt32
    /// The chunk's data.
    let data: Range<Int>
    /// Offset of the next chunk (after this one's CRC).
    var next: Int { data.upperBound + 4 }

    static let ihdr: UInt32 = 0x4948_4452
    static let plte: UInt32 = 0x504C_5445
    static let idat: UInt32 = 0x4944_4154
    static let iend: UInt32 = 0x4945_4E44
    static let trns: UInt32 = 0x7452_4E53
    static let gama: UInt32 = 0x6741_4D41
    static let srgb: UInt32 = 0x7352_4742
    static let iccp: UInt32 = 0x6943_4350
    static let exif: UInt32 = 0x6558_4966
    static let text: UInt32 = 0x7445_5874
    static let compressedText: UInt32 = 0x7A54_5874
    static let internationalText: UInt32 = 0x6954_5874

    /// Whether the type is an ancillary chunk (lower-case first letter): one a decoder may skip.
    var isAncillary: Bool { type & 0x2000_0000 != 0 }

    /// Whether the CRC stored after the chunk matches its type and data. libdeflate's CRC-32
    /// (folding with carry-less multiplication where the CPU has it) runs at several GB/s, so
    /// checking every IDAT costs well under a millisecond per photo.
    func checksumMatches(in b: UnsafeRawBufferPointer) -> Bool {
        PNGChunk.checksum(UnsafeRawBufferPointer(rebasing: b[(offset + 4)..<data.upperBound]))
            == PNGChunks.u32(b, at: data.upperBound)
    }

    /// The CRC-32 of a chunk's type and data.
    static func checksum(_ typeAndData: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(libdeflate_crc32(0, typeAndData.baseAddress, typeAndData.count))
    }
}

/// The walk over a PNG's chunks that both PNG readers make (the strict one of the fast path,
/// `PNGStreamLayout`, and the lenient pre-scan before libpng, `PNGChunkScan`): the IHDR fields,
/// then each chunk in order. The readers differ only in what they do with a chunk, and with a
/// file that ends inside one.
struct PNGChunks: Sequence, IteratorProtocol {
    private let bytes: UnsafeRawBufferPointer
    private var at: Int
    /// The type of the chunk the walk stopped at because it does not fit in the file (its
    /// length field says more than the bytes left: the file was cut off or the length is
    /// damaged), or nil.
    private(set) var cutOffType: UInt32?
    /// The bytes of the cut-off chunk's data that the file holds (from its data's start to
    /// the end of the file), when there is one.
    private(set) var cutOffData: Range<Int>?

    /// Offset of the first chunk after IHDR (signature 8 + IHDR 25).
    static let afterHeader = 33

    /// The walk over the chunks that follow IHDR in `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        at = Self.afterHeader
    }

    mutating func next() -> PNGChunk? {
        guard cutOffType == nil, at + 8 <= bytes.count else { return nil }
        let length = Self.u32(bytes, at: at)
        guard length <= UInt32(Int32.max), at + 12 + Int(length) <= bytes.count else {
            cutOffType = Self.u32(bytes, at: at + 4)
            cutOffData = (at + 8)..<bytes.count
            return nil
        }
        let chunk = PNGChunk(offset: at, type: Self.u32(bytes, at: at + 4), data: (at + 8)..<(at + 8 + Int(length)))
        at = chunk.next
        return chunk
    }

    /// The big-endian 32-bit number at `at`.
    static func u32(_ b: UnsafeRawBufferPointer, at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// IHDR's fields, when the file is long enough to hold a signature and IHDR and its first
    /// chunk is a 13-byte IHDR (nil otherwise). The signature is not checked here.
    static func header(_ b: UnsafeRawBufferPointer) -> (width: Int, height: Int, bitDepth: Int, colourType: Int,
                                                        compression: Int, filter: Int, interlace: Int, chunk: PNGChunk)? {
        guard b.count >= afterHeader, u32(b, at: 8) == 13, u32(b, at: 12) == PNGChunk.ihdr else { return nil }
        return (Int(u32(b, at: 16)), Int(u32(b, at: 20)), Int(b[24]), Int(b[25]), Int(b[26]), Int(b[27]), Int(b[28]),
                PNGChunk(offset: 8, type: PNGChunk.ihdr, data: 16..<29))
    }
}
