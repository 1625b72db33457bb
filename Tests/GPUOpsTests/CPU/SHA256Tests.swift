import Testing
import TestSupport

@Suite("SHA-256 used for the large fixtures")
struct SHA256Tests {
    @Test("FIPS 180-4 and hashlib vectors")
    func knownDigests() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // Several blocks: bytes 0...255 three times (Python: hashlib.sha256(bytes(range(256))*3)).
        let bytes = (0..<3).flatMap { _ in (0...255).map(UInt8.init) }
        #expect(SHA256.hex(bytes) == "f3a25aa93aa2fbba28d79260535bbd6a5eb0fc1c24a8b0f04e12b484c1dfe363")
    }
}
