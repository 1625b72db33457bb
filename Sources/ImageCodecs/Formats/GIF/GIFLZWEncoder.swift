/// GIF's variable-length LZW over colour indices, written as the image data of a frame: the
/// minimum code size byte, sub-blocks of at most 255 bytes, the zero-length terminator.
///
/// Codes grow a bit once the next code to assign no longer fits (the decoder grows one code
/// later, when it assigns that code itself, which is why the encoder tests `next >= 1 << size`
/// before adding). A full table (4,096 codes) is followed by a clear code and starts again,
/// as giflib's and Pillow's encoders do. The dictionary is an open-addressing hash of
/// (prefix code, index) pairs, cleared with the table.
enum GIFLZWEncoder {
    /// Appends the image data of `indices` (each below `1 << minimumCodeSize`) to `output`.
    /// `minimumCodeSize` is 2...8.
    static func encode(_ indices: [UInt8], minimumCodeSize: Int, into output: inout [UInt8]) {
        output.append(UInt8(minimumCodeSize))
        var writer = SubBlockWriter()
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        let slots = 1 << 13
        var keys = [Int32](repeating: -1, count: slots)
        var values = [Int16](repeating: 0, count: slots)
        writer.put(clear, bits: codeSize, into: &output)
        guard var prefix = indices.first.map(Int.init) else {
            writer.put(end, bits: codeSize, into: &output)
            writer.finish(into: &output)
            return
        }
        for k in 1..<indices.count {
            let symbol = Int(indices[k])
            let key = Int32(prefix << 8 | symbol)
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19)
            var found = -1
            while keys[slot] != -1 {
                if keys[slot] == key { found = Int(values[slot]); break }
                slot = (slot + 1) & (slots - 1)
            }
            if found >= 0 { prefix = found; continue }
            writer.put(prefix, bits: codeSize, into: &output)
            if next == 4096 {
                writer.put(clear, bits: codeSize, into: &output)
                codeSize = minimumCodeSize + 1
                next = end + 1
                keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            } else {
                if next >= 1 << codeSize { codeSize += 1 }
                keys[slot] = key
                values[slot] = Int16(next)
                next += 1
            }
            prefix = symbol
        }
        writer.put(prefix, bits: codeSize, into: &output)
        // The decoder assigns a code for the last one emitted too; grow as it will.
        if next < 4096 && next >= 1 << codeSize { codeSize += 1 }
        writer.put(end, bits: codeSize, into: &output)
        writer.finish(into: &output)
    }

    /// Packs codes least significant bit first into sub-blocks of up to 255 bytes.
    private struct SubBlockWriter {
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var block: [UInt8] = []

        init() { block.reserveCapacity(255) }

        mutating func put(_ code: Int, bits: Int, into output: inout [UInt8]) {
            bitBuffer |= UInt64(code) << UInt64(bitCount)
            bitCount += bits
            while bitCount >= 8 {
                block.append(UInt8(truncatingIfNeeded: bitBuffer))
                bitBuffer >>= 8
                bitCount -= 8
                if block.count == 255 { flush(into: &output) }
            }
        }

        mutating func flush(into output: inout [UInt8]) {
            guard !block.isEmpty else { return }
            output.append(UInt8(block.count))
            output.append(contentsOf: block)
            block.removeAll(keepingCapacity: true)
        }

        mutating func finish(into output: inout [UInt8]) {
            if bitCount > 0 {
                block.append(UInt8(truncatingIfNeeded: bitBuffer))
                bitBuffer = 0
                bitCount = 0
            }
            flush(into: &output)
            output.append(0)
        }
    }
}
