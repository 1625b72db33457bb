import Foundation
@testable import SystemIO
import Testing

/// `PathBytes` embeds any bytes in a `String` and gives the same bytes back.
@Suite("Path bytes")
struct PathBytesTests {
    @Test("valid UTF-8 is its own string; other bytes round-trip, one scalar each")
    func roundTrip() {
        #expect(PathBytes.string(decoding: Array("photos/été.png".utf8)) == "photos/été.png")
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x70, 0x6E, 0x67]   // caf\xE9.png
        let text = PathBytes.string(decoding: latin1)
        #expect(text.unicodeScalars.map(\.value) == [0x63, 0x61, 0x66, 0x10FFE9, 0x2E, 0x70, 0x6E, 0x67])
        #expect(PathBytes.bytes(of: text) == latin1)
        #expect(PathBytes.displayed(text) == "caf\\xe9.png")
        #expect(PathBytes.withCPath(text) { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } } == latin1)
    }

    @Test("a name that really holds an embedding scalar is embedded byte by byte, so nothing is ambiguous")
    func embeddingScalarInAName() {
        let name = "x\u{10FFE9}y"
        let bytes = Array(name.utf8)
        let text = PathBytes.string(decoding: bytes)
        #expect(text != name)
        #expect(text.unicodeScalars.count == 6)
        #expect(PathBytes.bytes(of: text) == bytes)
    }

    @Test("every byte string round-trips (seeded random, with truncated and overlong sequences)")
    func randomBytes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in 1...64 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in next() }.map { $0 == 0 ? 1 : $0 }
                #expect(PathBytes.bytes(of: PathBytes.string(decoding: bytes)) == bytes)
            }
        }
        for bytes: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF]] {
            #expect(PathBytes.bytes(of: PathBytes.string(decoding: bytes)) == bytes)
        }
    }
}
