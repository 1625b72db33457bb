import ImageCodecs
import Testing
import TestSupport

/// `[UInt8](pixelCapacity:_:initializingWith:)` behaves as `init(unsafeUninitializedCapacity:)`
/// for what the closure writes and throws; `.zeroedFirst` leaves 0 wherever the closure stops.
@Suite("Pixel storage")
struct PixelStorageTests {
    struct Refused: Error, Equatable {}

    @Test("the bytes the closure writes, for small and for huge-page-sized buffers", arguments: [5, 33 << 20])
    func filled(count: Int) {
        let bytes = [UInt8](pixelCapacity: count, .writtenWhole) { buffer, initialized in
            buffer.baseAddress!.initialize(repeating: 0x5A, count: count)
            buffer[count / 3] = 1
            initialized = count
        }
        #expect(bytes.count == count)
        // Every 4093rd byte (a stride prime to the page size), the last, and the one changed.
        #expect(Swift.stride(from: 0, to: count, by: 4093).allSatisfy { bytes[$0] == ($0 == count / 3 ? 1 : 0x5A) })
        #expect(bytes[count - 1] == 0x5A && bytes[count / 3] == 1)
    }

    @Test("the closure's error, typed, and nothing else")
    func throwsTyped() {
        #expect(throws: Refused()) {
            _ = try [UInt8](pixelCapacity: 64, .writtenWhole) { (_, _) throws(Refused) in throw Refused() }
        }
    }

    @Test("zeroed first: what the closure does not write reads 0, under any heap filling",
          arguments: [5, 33 << 20])
    func zeroedFirst(count: Int) {
        for pattern: UInt8 in [0x55, 0xAA] {
            let bytes = HeapFilling.with(pattern: pattern) {
                [UInt8](pixelCapacity: count, .zeroedFirst) { buffer, initialized in
                    buffer[0] = 7      // the closure writes one byte and stops short
                    initialized = count
                }
            }
            #expect(bytes[0] == 7)
            #expect(Swift.stride(from: 1, to: count, by: 4093).allSatisfy { bytes[$0] == 0 } && bytes[count - 1] == 0)
        }
    }
}
