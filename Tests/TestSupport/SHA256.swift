/// SHA-256 (FIPS 180-4), to compare decoded pixels with the hashes in the fixture manifest
/// (Foundation on Linux has no CryptoKit, and the package takes no crypto dependency).
public enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest as 64 lowercase hex digits.
    public static func hex(_ message: [UInt8]) -> String {
        digest(message).map { b in
            let s = String(b, radix: 16)
            return b < 16 ? "0" + s : s
        }.joined()
    }

    public static func digest(_ message: [UInt8]) -> [UInt8] {
        // Whole blocks straight from the message, then the padded tail (one or two blocks).
        let whole = message.count / 64 * 64
        var tail = Array(message[whole...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(message.count) * 8
        for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }

        // Plain locals and unchecked pointers: with arrays and tuples a debug build hashes a
        // megabyte of pixels twenty times slower.
        var state = State()
        message.withUnsafeBytes { state.compress(UnsafeRawBufferPointer(rebasing: $0[0..<whole])) }
        tail.withUnsafeBytes { state.compress($0) }
        return [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7].flatMap { v in
            (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32($0))) }
        }
    }

    private struct State {
        var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
        var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19

        @inline(__always) static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

        mutating func compress(_ data: UnsafeRawBufferPointer) {
            let w = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
            defer { w.deallocate() }
            let k = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
            defer { k.deallocate() }
            for t in 0..<64 { k[t] = SHA256.k[t] }
            var block = 0
            while block < data.count {
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: data.loadUnaligned(fromByteOffset: block + 4 * t, as: UInt32.self))
                }
                for t in 16..<64 {
                    let x = w[t - 15], y = w[t - 2]
                    let s0 = State.rotr(x, 7) ^ State.rotr(x, 18) ^ (x >> 3)
                    let s1 = State.rotr(y, 17) ^ State.rotr(y, 19) ^ (y >> 10)
                    w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                }
                var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                for t in 0..<64 {
                    let s1 = State.rotr(e, 6) ^ State.rotr(e, 11) ^ State.rotr(e, 25)
                    let ch = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ ch &+ k[t] &+ w[t]
                    let s0 = State.rotr(a, 2) ^ State.rotr(a, 13) ^ State.rotr(a, 22)
                    let maj = (a & b) ^ (a & c) ^ (b & c)
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ s0 &+ maj
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                block += 64
            }
        }
    }
}
