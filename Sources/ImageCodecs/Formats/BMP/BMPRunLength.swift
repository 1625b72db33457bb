/// BMP's RLE8 and RLE4 streams, expanded to one palette index a pixel exactly as Pillow 13's
/// `BmpRleDecoder` does it: runs clipped at the row's end, end-of-line padding with index 0,
/// deltas filled with 0, absolute runs word-aligned; stops at end-of-bitmap or when the
/// picture is full.
enum BMPRunLength {
    /// Indices in stored row order (the first row is the bottom one unless top-down), or nil
    /// when the stream ends before every pixel has one (Pillow: "not enough image data").
    static func decode(_ b: UnsafeRawBufferPointer, width: Int, height: Int, fourBit: Bool) -> [UInt8]? {
        let total = width * height
        var out = [UInt8]()
        out.reserveCapacity(total)
        var x = 0
        var at = 0
        while out.count < total {
            guard at + 2 <= b.count else { break }
            var count = Int(b[at])
            let byte = b[at + 1]
            at += 2
            if count > 0 {
                if x + count > width { count = max(0, width - x) }
                for i in 0..<count {
                    out.append(fourBit ? (i % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                }
                x += count
            } else if byte == 0 {                                        // end of line
                while out.count % width != 0 { out.append(0) }
                x = 0
            } else if byte == 1 {                                        // end of bitmap
                break
            } else if byte == 2 {                                        // delta
                guard at + 2 <= b.count else { break }
                let right = Int(b[at]), up = Int(b[at + 1])
                at += 2
                out.append(contentsOf: repeatElement(0, count: min(total - out.count, right + up * width)))
                x = out.count % width
            } else {                                                     // absolute run
                let n = min(total - out.count, Int(byte))
                let byteCount = fourBit ? (n + 1) / 2 : n
                let available = min(byteCount, b.count - at)
                for i in 0..<available {
                    let v = b[at + i]
                    if fourBit {
                        out.append(v >> 4)
                        if i * 2 + 1 < n { out.append(v & 0x0F) }
                    } else {
                        out.append(v)
                    }
                }
                at += available
                if available < byteCount || out.count == total { break }
                x += Int(byte)
                if at % 2 != 0 { at += 1 }
            }
        }
        guard out.count >= total else { return nil }
        return out
    }
}
