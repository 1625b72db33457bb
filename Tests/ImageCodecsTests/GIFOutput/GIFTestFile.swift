/// A GIF read for the tests, written apart from the encoder from the GIF89a specification:
/// every block kept as written (so a test can check extensions and control blocks byte for
/// byte) and every frame's LZW data decoded, then composed as a viewer shows them (a
/// transparent index leaves what is under it; disposal 2 clears the frame's rectangle to
/// transparent afterwards, 0 and 1 leave it).
struct GIFTestFile {
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        /// The graphic control extension before the frame: its 4 data bytes, or nil.
        var control: [UInt8]?
        var localTable: [UInt32]?
        var minimumCodeSize: Int
        var indices: [UInt8]

        var disposal: Int { control.map { Int($0[0] >> 2) & 7 } ?? 0 }
        var delay: Int { control.map { Int($0[1]) | Int($0[2]) << 8 } ?? 0 }
        var transparentIndex: Int? { control.flatMap { $0[0] & 1 != 0 ? Int($0[3]) : nil } }
    }

    struct Malformed: Error, CustomStringConvertible { var description: String }

    let version: String
    let width: Int, height: Int
    let globalTable: [UInt32]?
    /// Application extensions in file order: the 11-byte identifier and the bytes after it,
    /// up to and with the block terminator, exactly as written.
    private(set) var applications: [(identifier: String, bytes: [UInt8])] = []
    private(set) var frames: [Frame] = []
    /// Whether the file ends with the trailer (0x3B) and nothing after it.
    private(set) var endsWithTrailer = false

    init(_ bytes: [UInt8]) throws {
        var at = 0
        func byte() throws -> UInt8 {
            guard at < bytes.count else { throw Malformed(description: "ends at \(at)") }
            defer { at += 1 }
            return bytes[at]
        }
        func u16() throws -> Int { Int(try byte()) | Int(try byte()) << 8 }
        func table(_ bits: Int) throws -> [UInt32] {
            try (0..<(2 << bits)).map { _ in UInt32(try byte()) << 16 | UInt32(try byte()) << 8 | UInt32(try byte()) }
        }
        func subBlocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let n = Int(try byte())
                if n == 0 { return data }
                for _ in 0..<n { data.append(try byte()) }
            }
        }
        guard bytes.count >= 13 else { throw Malformed(description: "too short") }
        version = String(decoding: bytes[0..<6], as: UTF8.self)
        at = 6
        width = try u16()
        height = try u16()
        let flags = try byte()
        at += 2
        globalTable = flags & 0x80 != 0 ? try table(Int(flags & 7)) : nil
        var control: [UInt8]?
        while true {
            switch try byte() {
            case 0x21:
                let label = try byte()
                if label == 0xF9 {
                    let data = try subBlocks()
                    guard data.count == 4 else { throw Malformed(description: "control block of \(data.count)") }
                    control = data
                } else if label == 0xFF {
                    guard try byte() == 11 else { throw Malformed(description: "application block size") }
                    let identifier = String(decoding: bytes[at..<(at + 11)], as: UTF8.self)
                    at += 11
                    let start = at
                    _ = try subBlocks()
                    applications.append((identifier, Array(bytes[start..<at])))
                } else {
                    _ = try subBlocks()
                }
            case 0x2C:
                var frame = Frame(x: try u16(), y: try u16(), width: try u16(), height: try u16(),
                                  control: control, localTable: nil, minimumCodeSize: 0, indices: [])
                control = nil
                let flags = try byte()
                guard flags & 0x40 == 0 else { throw Malformed(description: "interlaced frames are not read here") }
                if flags & 0x80 != 0 { frame.localTable = try table(Int(flags & 7)) }
                frame.minimumCodeSize = Int(try byte())
                frame.indices = try Self.lzwDecode(try subBlocks(), minimumCodeSize: frame.minimumCodeSize)
                guard frame.indices.count == frame.width * frame.height else {
                    throw Malformed(description: "frame \(frames.count): \(frame.indices.count) indices for \(frame.width)x\(frame.height)")
                }
                frames.append(frame)
            case 0x3B:
                endsWithTrailer = at == bytes.count
                return
            case let other:
                throw Malformed(description: "block 0x\(String(other, radix: 16)) at \(at - 1)")
            }
        }
    }

    /// The frames as shown, RGBA (alpha 0 where nothing was drawn).
    func shownFrames() -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var shown: [[UInt8]] = []
        for frame in frames {
            let palette = frame.localTable ?? globalTable ?? []
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let index = Int(frame.indices[y * frame.width + x])
                    if index == frame.transparentIndex { continue }
                    let colour = index < palette.count ? palette[index] : 0
                    let i = ((frame.y + y) * width + frame.x + x) * 4
                    canvas[i] = UInt8(colour >> 16); canvas[i + 1] = UInt8((colour >> 8) & 0xFF)
                    canvas[i + 2] = UInt8(colour & 0xFF); canvas[i + 3] = 255
                }
            }
            shown.append(canvas)
            if frame.disposal == 2 {
                for y in frame.y..<(frame.y + frame.height) {
                    for x in frame.x..<(frame.x + frame.width) {
                        let i = (y * width + x) * 4
                        canvas[i] = 0; canvas[i + 1] = 0; canvas[i + 2] = 0; canvas[i + 3] = 0
                    }
                }
            }
        }
        return shown
    }

    /// Variable-length LZW as the GIF89a specification (appendix F) describes the decoder.
    static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int) throws -> [UInt8] {
        guard (2...8).contains(minimumCodeSize) else { throw Malformed(description: "code size \(minimumCodeSize)") }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var strings: [[UInt8]] = (0..<clear).map { [UInt8($0)] } + [[], []]
        var size = minimumCodeSize + 1
        var previous: [UInt8]?
        var out: [UInt8] = []
        var bitBuffer = 0, bitCount = 0, at = 0
        while true {
            while bitCount < size {
                guard at < data.count else { throw Malformed(description: "LZW data ends without the end code") }
                bitBuffer |= Int(data[at]) << bitCount
                bitCount += 8
                at += 1
            }
            let code = bitBuffer & ((1 << size) - 1)
            bitBuffer >>= size
            bitCount -= size
            if code == clear {
                strings.removeSubrange((end + 1)...)
                size = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { return out }
            let entry: [UInt8]
            if code < strings.count {
                entry = strings[code]
            } else if code == strings.count, let previous {
                entry = previous + [previous[0]]
            } else {
                throw Malformed(description: "code \(code) past the table (\(strings.count))")
            }
            if let previous, strings.count < 4096 {
                strings.append(previous + [entry[0]])
                if strings.count == 1 << size && size < 12 { size += 1 }
            }
            out += entry
            previous = entry
        }
    }
}
