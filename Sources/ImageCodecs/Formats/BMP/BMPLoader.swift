/// Windows and OS/2 bitmaps, decoded by this small reader (Debian packages no BMP library) to
/// Pillow 13's pixels: 1/4/8-bit palettes, RLE4/RLE8, 16-bit 5-5-5 and 5-6-5 (`* 255 / 31`
/// scaling, as Pillow's unpackers), 24-bit, and 32-bit read as RGB (alpha only from a bitfield
/// layout with an alpha mask, as Pillow reads them), bottom-up or top-down rows.
///
/// BMP has no warnings: data that ends early is `.truncated` (Pillow: "image file is
/// truncated"), whatever `failOnWarnings` says. An embedded BITMAPV5 profile is read.
struct BMPLoader: ImageLoader {
    /// `BM` and room for the file header's size field.
    static let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult = { b in
        b.count >= 2 && b[0] == 0x42 && b[1] == 0x4D ? .format(.bmp) : .unrecognised
    }

    private let file: [UInt8]
    /// The file and info headers, palette and layout, read once.
    private let bmp: BMPHeader
    private let source: String
    let header: ImageHeader

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        let bmp = try file.withTypedBytes { bytes throws(ImageCodecError) in try BMPHeader(bytes, source: source) }
        self.file = file
        self.bmp = bmp
        self.source = source
        header = try ImageHeader(format: .bmp, storedWidth: bmp.width, storedHeight: bmp.height,
                                 orientation: .topLeft).checkedSides(source: source)
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let (bmp, header, source) = (bmp, header, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            try Self.decode(bytes, bmp: bmp, header: header, options: options, source: source)
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, bmp: BMPHeader, header: ImageHeader,
                               options: DecodeOptions, source: String) throws(ImageCodecError) -> DecodedImage {
        try ImageDecoder.checkMemoryBudget(width: bmp.width, height: bmp.height, options: options, source: source)
        let data = UnsafeRawBufferPointer(rebasing: bytes[bmp.dataOffset...])
        let pixels: [UInt8]
        var opaque = true
        switch bmp.layout {
        case .runLength(let fourBit):
            guard let indices = BMPRunLength.decode(data, width: bmp.width, height: bmp.height, fourBit: fourBit) else {
                throw ImageCodecError(source: source, reason: .truncated)
            }
            // Zeroed, and every pixel then written: `indices` has one for each (a stream that
            // ends before the last pixel was refused above, as Pillow refuses it).
            var out = [UInt8](repeating: 0, count: bmp.width * bmp.height * 4)
            let lookup = paletteLookup(bmp.palette)
            for y in 0..<bmp.height {
                let row = bmp.topDown ? y : bmp.height - 1 - y
                for x in 0..<bmp.width {
                    write(lookup[Int(indices[y * bmp.width + x])], to: &out, at: (row * bmp.width + x) * 4)
                }
            }
            pixels = out
        default:
            let rowBytes = (bmp.width * bmp.bits + 7) / 8
            guard data.count >= bmp.stride * (bmp.height - 1) + rowBytes else {
                throw ImageCodecError(source: source, reason: .truncated)
            }
            let lookup = paletteLookup(bmp.palette)
            if let rows = BMPRowUnpacker(bmp.layout) {
                (pixels, opaque) = unpackRows(data, header: bmp, with: rows, lookup: lookup)
            } else {
                // Zeroed, and every pixel then written: the data holds every row (checked above).
                var out = [UInt8](repeating: 0, count: bmp.width * bmp.height * 4)
                for y in 0..<bmp.height {
                    let row = UnsafeRawBufferPointer(rebasing: data[(y * bmp.stride)..<(y * bmp.stride + rowBytes)])
                    let outRow = bmp.topDown ? y : bmp.height - 1 - y
                    let hasAlpha = unpack(row, layout: bmp.layout, width: bmp.width, lookup: lookup,
                                          into: &out, at: outRow * bmp.width * 4)
                    if hasAlpha { opaque = false }
                }
                pixels = out
            }
        }
        return finish(HostImage(width: bmp.width, height: bmp.height, computedPixels: pixels), header: header,
                      options: options, opaque: opaque)
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let header = try? BMPHeader(bytes, source: ""), let range = header.profileRange else { return nil }
        return Array(bytes[range])
    }

    /// Every row through `rows`, into storage that is not zeroed first (every byte is written).
    /// `data` holds all the rows (checked by the caller).
    private static func unpackRows(_ data: UnsafeRawBufferPointer, header bmp: BMPHeader, with rows: BMPRowUnpacker,
                                   lookup: [UInt32]) -> (pixels: [UInt8], opaque: Bool) {
        let palette = lookup.map { UInt32(littleEndian: $0) }
        let outRowBytes = bmp.width * 4
        var opaque = true
        // Written whole: every row is unpacked from data that holds all the rows.
        let pixels = [UInt8](pixelCapacity: outRowBytes * bmp.height, .writtenWhole) { out, initialized in
            palette.withUnsafeBufferPointer { palette in
                for y in 0..<bmp.height {
                    let outRow = bmp.topDown ? y : bmp.height - 1 - y
                    let target = UnsafeMutableRawPointer(out.baseAddress! + outRow * outRowBytes)
                    let translucent = rows.unpack(data.baseAddress! + y * bmp.stride, into: target,
                                                  width: bmp.width, palette: palette.baseAddress!)
                    if translucent { opaque = false }
                }
            }
            initialized = outRowBytes * bmp.height
        }
        return (pixels, opaque)
    }

    /// 256 opaque RGBA entries: the palette, then black (as Pillow reads indices past a short
    /// palette).
    static func paletteLookup(_ palette: [(UInt8, UInt8, UInt8)]) -> [UInt32] {
        (0..<256).map { i in
            let (r, g, b) = i < palette.count ? palette[i] : (0, 0, 0)
            return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
        }
    }

    @inline(__always)
    private static func write(_ rgba: UInt32, to pixels: inout [UInt8], at i: Int) {
        pixels[i] = UInt8(truncatingIfNeeded: rgba)
        pixels[i + 1] = UInt8(truncatingIfNeeded: rgba >> 8)
        pixels[i + 2] = UInt8(truncatingIfNeeded: rgba >> 16)
        pixels[i + 3] = UInt8(truncatingIfNeeded: rgba >> 24)
    }

    /// One stored row into RGBA at `start`, a pixel at a time (any layout but run-length);
    /// returns whether an alpha below 255 was written.
    static func unpack(_ row: UnsafeRawBufferPointer, layout: BMPHeader.Layout, width: Int, lookup: [UInt32],
                               into pixels: inout [UInt8], at start: Int) -> Bool {
        var translucent = false
        for x in 0..<width {
            let o = start + x * 4
            switch layout {
            case .indexed(let bits):
                let bit = x * bits
                let index = (Int(row[bit >> 3]) >> (8 - bits - (bit & 7))) & ((1 << bits) - 1)
                write(lookup[index], to: &pixels, at: o)
            case .packed16(let green6):
                let v = Int(row[x * 2]) | Int(row[x * 2 + 1]) << 8
                pixels[o + 2] = UInt8((v & 31) * 255 / 31)
                if green6 {
                    pixels[o + 1] = UInt8(((v >> 5) & 63) * 255 / 63)
                    pixels[o] = UInt8(((v >> 11) & 31) * 255 / 31)
                } else {
                    pixels[o + 1] = UInt8(((v >> 5) & 31) * 255 / 31)
                    pixels[o] = UInt8(((v >> 10) & 31) * 255 / 31)
                }
                pixels[o + 3] = 255
            case .bgr24:
                pixels[o] = row[x * 3 + 2]
                pixels[o + 1] = row[x * 3 + 1]
                pixels[o + 2] = row[x * 3]
                pixels[o + 3] = 255
            case .bytes32(let red, let green, let blue, let alpha):
                pixels[o] = row[x * 4 + red]
                pixels[o + 1] = row[x * 4 + green]
                pixels[o + 2] = row[x * 4 + blue]
                let a = alpha.map { row[x * 4 + $0] } ?? 255
                pixels[o + 3] = a
                if a != 255 { translucent = true }
            case .runLength:
                break
            }
        }
        return translucent
    }
}
