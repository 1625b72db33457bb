/// One Huffman table of a JPEG scan in the form a decoder reads codes with (libjpeg's
/// jdhuff.c `jpeg_make_d_derived_tbl`): for each code length the largest code and the offset
/// from a code to its symbol, plus a 9-bit lookahead table that decodes codes of up to 9 bits
/// in one step. Built on the host once per image and uploaded with the scan (jpeg_huffman.cl).
///
/// nil for a table libjpeg refuses (more than 256 symbols, codes that do not fit their
/// length, a DC symbol past 15): the device decoder is then not used, and libjpeg gives the
/// file its error.
package struct JPEGHuffmanTable: Sendable, Equatable {
    /// Bits the lookahead table decodes at once (libjpeg's `HUFF_LOOKAHEAD`).
    package static let lookaheadBits = 9
    /// `Int32`s one table takes on the device: maxcode[18], valoffset[18], lookahead[512],
    /// symbols[256] (jpeg_huffman.cl's `JPEG_HUFF_INTS`).
    package static let deviceInts = 18 + 18 + 512 + 256

    /// `maxcode[l]`: the largest code of length `l` (1...16), -1 if none; `maxcode[17]` stops
    /// the bit-by-bit search.
    package let maxcode: [Int32]
    /// `valoffset[l]`: symbol index minus code, for codes of length `l`.
    package let valoffset: [Int32]
    /// Indexed by the next 9 bits: `length << 8 | symbol` for codes of up to 9 bits, 0 otherwise.
    package let lookahead: [Int32]
    /// The symbols in code order (256, zero-filled).
    package let symbols: [Int32]

    /// `counts[l - 1]`: codes of length `l`; `values`: the symbols, in order.
    package init?(counts: [UInt8], values: [UInt8], isDC: Bool) {
        guard counts.count == 16 else { return nil }
        let total = counts.reduce(0) { $0 + Int($1) }
        guard total <= 256, total == values.count else { return nil }
        if isDC, values.contains(where: { $0 > 15 }) { return nil }
        // Canonical codes (JPEG Annex C): lengths in order, each code one more than the last,
        // shifted left at each new length; a code must fit its length and not be all ones.
        var codes: [Int] = []
        var code = 0
        for length in 1...16 {
            for _ in 0..<Int(counts[length - 1]) {
                codes.append(code)
                code += 1
            }
            if counts[length - 1] > 0, code >= 1 << length { return nil }
            code <<= 1
        }
        var maxcode = [Int32](repeating: -1, count: 18), valoffset = [Int32](repeating: 0, count: 18)
        var lookahead = [Int32](repeating: 0, count: 1 << Self.lookaheadBits)
        var index = 0
        for length in 1...16 where counts[length - 1] > 0 {
            let count = Int(counts[length - 1])
            valoffset[length] = Int32(index - codes[index])
            for symbol in index..<index + count where length <= Self.lookaheadBits {
                let spare = Self.lookaheadBits - length
                let first = codes[symbol] << spare
                for entry in first..<first + (1 << spare) {
                    lookahead[entry] = Int32(length << 8 | Int(values[symbol]))
                }
            }
            index += count
            maxcode[length] = Int32(codes[index - 1])
        }
        maxcode[17] = 0xFFFFF
        self.maxcode = maxcode
        self.valoffset = valoffset
        self.lookahead = lookahead
        self.symbols = values.map { Int32($0) } + [Int32](repeating: 0, count: 256 - values.count)
    }

    /// The table as the device reads it (`deviceInts` long).
    package var deviceLayout: [Int32] { maxcode + valoffset + lookahead + symbols }
}
