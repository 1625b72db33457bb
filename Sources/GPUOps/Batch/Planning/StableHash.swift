/// A 64-bit hash of bytes that is the same in every process and on every machine (Swift's
/// `Hasher` is seeded per process): FNV-1a over the bytes, then MurmurHash3's finaliser so
/// that every output bit depends on every input bit. Planning uses it where all the shards
/// of a batch, each its own process, must agree (the shard an input belongs to), and to
/// find, in a few bytes per input, the inputs that may collide.
package enum StableHash {
    package static func hash(_ text: String, domain: UInt8 = 0) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        h = (h ^ UInt64(domain)) &* 0x0000_0100_0000_01b3
        for byte in text.utf8 {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}
