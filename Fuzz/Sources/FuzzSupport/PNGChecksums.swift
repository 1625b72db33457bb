/// Rewrites the CRC of every whole chunk of a PNG so that it matches. A mutated chunk almost
/// never has a valid CRC, so without this the fuzzer spends its time on the CRC check in
/// front of every PNG parser; targets do it for half their inputs (a flag bit), keeping the
/// CRC-failure paths covered too.
public enum PNGChecksums {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// `bytes` with every complete chunk's CRC recomputed; other bytes as they were.
    public static func fixed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 8, bytes[0] == 0x89, bytes[1] == 0x50 else { return bytes }
        var out = bytes
        var at = 8
        while at + 12 <= out.count {
            let length = out[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let end = at + 8 + length
            guard end + 4 <= out.count else { break }
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in out[(at + 4)..<end] { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            crc ^= 0xFFFF_FFFF
            for i in 0..<4 { out[end + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            at = end + 4
        }
        return out
    }
}
