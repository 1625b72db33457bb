@testable import ImageCodecs
import Dispatch
import Testing

/// The batch engine decodes and encodes on several threads at once; nothing may be shared.
@Suite("Codec: concurrency")
struct ConcurrentCodecTests {
    @Test("concurrent decodes and encodes give the sequential results")
    func concurrent() throws {
        let names = ["astronaut.jpg", "chelsea-progressive.jpg", "coffee-exif-rotated.jpg", "chelsea.png",
                     "coffee.png", "chelsea.jpg"]
        let inputs = try names.map { try ImageFileReader.readAll(path: CodecTestHelpers.sample($0)) }
        let expected = try inputs.map { try ImageDecoder.decode(data: $0, source: "sequential").image }
        let expectedJPEG = try expected.map { try ImageEncoder.encodeJPEG($0, quality: 80) }

        /// One slot per iteration, each written by exactly one thread.
        struct Slots: @unchecked Sendable { let ok: UnsafeMutableBufferPointer<Bool> }
        let slots = Slots(ok: .allocate(capacity: 48))
        slots.ok.initialize(repeating: false)
        defer { slots.ok.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 48) { i in
            let k = i % inputs.count
            guard let image = try? ImageDecoder.decode(data: inputs[k], source: "concurrent").image,
                  let jpeg = try? ImageEncoder.encodeJPEG(image, quality: 80) else { return }
            slots.ok[i] = image == expected[k] && jpeg == expectedJPEG[k]
        }
        #expect(slots.ok.allSatisfy { $0 })
    }
}
