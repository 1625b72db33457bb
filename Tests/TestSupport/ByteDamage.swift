/// Damaged copies of good files, for the bad-input tests of the library and of the CLI.
public enum ByteDamage {
    /// In `samples/chelsea.jpg`, flipping at this offset damages the scan data in a way
    /// libjpeg recovers from, with the warning "39 extraneous bytes before marker 0xd9".
    public static let recoverableChelseaJPEGOffset = 11_680

    /// `bytes` with 16 bytes from `offset` XORed with 0x5A.
    public static func flipped<Bytes: MutableCollection>(_ bytes: Bytes, at offset: Int) -> Bytes
        where Bytes.Element == UInt8, Bytes.Index == Int {
        var damaged = bytes
        for i in offset..<(offset + 16) { damaged[damaged.startIndex + i] ^= 0x5A }
        return damaged
    }
}
