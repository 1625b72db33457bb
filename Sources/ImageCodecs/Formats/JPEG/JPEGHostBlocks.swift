import CTurboJPEG

/// The blocks of a stage 1 device decode (issue 35), which libjpeg-turbo entropy-decodes on the
/// host: written where the device's upload wants them (`write(into:)`), every component's
/// blocks one after the other (`JPEGCoefficients.Component` says how many), 64 `Int16`s each in
/// natural order.
///
/// A sequential file whose first scan holds every component is entropy-decoded only then,
/// straight into the upload: no whole-image array of coefficients is made on the way (libjpeg's
/// own would be as large as the upload, and zeroing its fresh pages cost about half the entropy
/// decode again). A damaged stream then shows in `write(into:)`, which fails; the device
/// declines the file and the host decoder gives it its verdict. Any other file (progressive:
/// whether libjpeg-turbo smooths its blocks is known only after its last scan; a component
/// first in a later scan, whose quantisation table a later header may change) is read when the
/// file is, and its blocks are copied.
package struct JPEGHostBlocks: Sendable {
    /// Blocks of every component together.
    package let blockCount: Int
    /// Set when the blocks were read with the file; nil when `write(into:)` decodes them.
    private let read: [Int16]?
    private let file: [UInt8]
    private let scaleDenominator: Int

    /// Blocks decoded from `file` at 1/`scaleDenominator` when they are written.
    init(decodingLater file: [UInt8], scaleDenominator: Int, blockCount: Int) {
        self.blockCount = blockCount
        read = nil
        self.file = file
        self.scaleDenominator = scaleDenominator
    }

    /// Blocks read already.
    init(read blocks: [Int16]) {
        blockCount = blocks.count / 64
        read = blocks
        file = []
        scaleDenominator = 1
    }

    /// Whether the host read the blocks with the file. When false, a stream libjpeg-turbo stops
    /// on or warns about is found by `write(into:)`, not by the read of the file.
    package var readWithFile: Bool { read != nil }

    /// Writes the blocks into `bytes` (at least `blockCount × 128` bytes, 2-byte aligned).
    /// False when libjpeg-turbo stops on the stream or warns about it: `bytes` then holds no
    /// answer, and the file is the host decoder's. `streamed` false decodes a sequential file
    /// into libjpeg's own whole-image arrays first and copies them: the reference for tests.
    package func write(into bytes: UnsafeMutableRawBufferPointer, streamed: Bool = true) -> Bool {
        let byteCount = blockCount * 64 * MemoryLayout<Int16>.stride
        guard bytes.count >= byteCount, byteCount == 0 || Int(bitPattern: bytes.baseAddress) % 2 == 0 else {
            return false
        }
        if let read {
            read.withUnsafeBytes { bytes.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: byteCount) }
            return true
        }
        let out = bytes.baseAddress?.assumingMemoryBound(to: Int16.self)
        return file.withUnsafeBytes { jpeg in
            Self.decode { reader, message in
                gpuglitch_jpeg_coefficients_decode_into(reader, jpeg.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                        jpeg.count, Int32(scaleDenominator), out, blockCount,
                                                        streamed ? 1 : 0, message)
            }
        }
    }

    /// The blocks as arrays of `counts` blocks each (the components'), or nil as `write(into:)`.
    package func arrays(blockCounts counts: [Int]) -> [[Int16]]? {
        var all = [Int16](repeating: 0, count: blockCount * 64)
        guard counts.reduce(0, +) == blockCount, all.withUnsafeMutableBytes({ write(into: $0) }) else { return nil }
        var first = 0
        return counts.map { count in
            defer { first += count * 64 }
            return Array(all[first..<first + count * 64])
        }
    }

    /// Runs `body` on a fresh reader, closed after: its result is 0 or libjpeg-turbo's -1.
    static func decode(_ body: (UnsafeMutablePointer<gpuglitch_jpeg_coefficient_reader>,
                                UnsafeMutablePointer<CChar>) -> Int32) -> Bool {
        guard let reader = gpuglitch_jpeg_coefficients_new() else { return false }
        defer { gpuglitch_jpeg_coefficients_free(reader) }
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        return message.withUnsafeMutableBufferPointer { body(reader, $0.baseAddress!) } == 0
    }
}
