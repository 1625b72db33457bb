@testable import ImageCodecs
import TestSupport

/// Writes PNGs byte by byte for the fast-path tests, with what libpng's encoder does not let a
/// test choose: the colour type and bit depth (gray, gray+alpha, palette, 1–8 bits), the
/// filter type of every row, how the zlib stream is cut into IDAT chunks, and extra chunks
/// (damaged ones included). Filters are applied by a plain reading of PNG spec section 9,
/// independent of the decoder's `PNGUnfilter`; the zlib stream comes from libdeflate's
/// compressor (`level` 0 writes stored blocks only).
struct PNGTestWriter {
    /// How rows are filtered.
    enum Filters: Sendable, CustomStringConvertible {
        /// Every row with this filter type (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth).
        case all(UInt8)
        /// Row `y` with filter `y % 5`, so every filter follows every other one.
        case cycling

        var description: String {
            switch self {
            case .all(let type): "filter \(type)"
            case .cycling: "filters cycling"
            }
        }

        func type(ofRow y: Int) -> UInt8 {
            switch self {
            case .all(let type): type
            case .cycling: UInt8(y % 5)
            }
        }
    }

    var width: Int
    var height: Int
    var bitDepth: Int
    var colourType: Int
    /// The unfiltered rows, `rowBytes` each, packed as PNG stores them.
    var rows: [[UInt8]]
    var filters: Filters = .cycling
    var palette: [UInt8]?
    var transparency: [UInt8]?
    /// Chunks written after IHDR, before PLTE, tRNS and the image data.
    var chunksBeforeImageData: [[UInt8]] = []
    /// The zlib stream is cut into IDAT chunks of at most this many bytes.
    var imageDataChunkLength = 1 << 20
    var compressionLevel: Int32 = 6
    var writesEnd = true
    /// Whether the rows are written in the seven passes of Adam7 (PNG spec 8.2).
    var interlaced = false

    static func channels(colourType: Int) -> Int { PNGStreamLayout.channels(colourType: colourType) }

    var rowBytes: Int { (width * Self.channels(colourType: colourType) * bitDepth + 7) / 8 }
    /// Bytes per complete pixel, as the filters count them.
    var filterStride: Int { max(1, Self.channels(colourType: colourType) * bitDepth / 8) }

    /// The filtered image data: per row, the filter type and the filtered bytes; pass by pass
    /// when interlaced, the filter types counting on from pass to pass.
    func filteredRows() -> [UInt8] {
        guard interlaced else { return Self.filter(rows, rowBytes: rowBytes, stride: filterStride, filters: filters, first: 0) }
        // PNG spec 8.2, written out here rather than taken from the decoder's PNGInterlacePass.
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out = [UInt8](), counted = 0
        for (x0, y0, dx, dy) in adam7 {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty && !ys.isEmpty else { continue }
            let passRows = ys.map { y in packed(xs.map { x in pixelBits(rows[y], x) }) }
            out += Self.filter(passRows, rowBytes: passRows[0].count, stride: filterStride, filters: filters, first: counted)
            counted += ys.count
        }
        return out
    }

    /// The bits of pixel `x` of a row, as one integer (at most 64 bits: 16-bit RGBA).
    private func pixelBits(_ row: [UInt8], _ x: Int) -> UInt64 {
        let bits = Self.channels(colourType: colourType) * bitDepth
        var value: UInt64 = 0
        for bit in (x * bits)..<((x + 1) * bits) {
            value = value << 1 | UInt64(row[bit / 8] >> (7 - bit % 8) & 1)
        }
        return value
    }

    /// Pixels (as `pixelBits` gives them) packed into a row, high bits first.
    private func packed(_ pixels: [UInt64]) -> [UInt8] {
        let bits = Self.channels(colourType: colourType) * bitDepth
        var row = [UInt8](repeating: 0, count: (pixels.count * bits + 7) / 8)
        for (x, pixel) in pixels.enumerated() {
            for b in 0..<bits where pixel >> UInt64(bits - 1 - b) & 1 == 1 {
                let bit = x * bits + b
                row[bit / 8] |= 0x80 >> UInt8(bit % 8)
            }
        }
        return row
    }

    /// Rows filtered as PNG spec section 9 says; row `i` with `filters`' type of row `first + i`.
    static func filter(_ rows: [[UInt8]], rowBytes: Int, stride filterStride: Int, filters: Filters,
                       first: Int) -> [UInt8] {
        var out = [UInt8]()
        var previous = [UInt8](repeating: 0, count: rowBytes)
        for (y, row) in rows.enumerated() {
            let type = filters.type(ofRow: first + y)
            out.append(type)
            for i in 0..<rowBytes {
                let a = i >= filterStride ? Int(row[i - filterStride]) : 0
                let b = Int(previous[i])
                let c = i >= filterStride ? Int(previous[i - filterStride]) : 0
                let predicted: Int
                switch type {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                default: predicted = Self.paeth(a, b, c)
                }
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predicted))
            }
            previous = row
        }
        return out
    }

    /// PNG spec 9.4, word for word.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        if pb <= pc { return b }
        return c
    }

    /// The zlib stream of `data` at `level` (the package's own compressor: the tests check
    /// the decoder, not the compressor).
    static func zlib(_ data: [UInt8], level: Int32) -> [UInt8] {
        guard let stream = ZlibData.deflate(data, level: level) else {
            preconditionFailure("libdeflate could not compress \(data.count) bytes")
        }
        return stream
    }

    /// A chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBytes { PNGChunk.checksum($0) }
        return be32(UInt32(data.count)) + typed + be32(crc)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }

    /// The whole file.
    func encode(zlibStream: [UInt8]? = nil) -> [UInt8] {
        let stream = zlibStream ?? Self.zlib(filteredRows(), level: compressionLevel)
        var file = ImageFormat.pngSignature
        file += Self.chunk("IHDR", Self.be32(UInt32(width)) + Self.be32(UInt32(height))
                           + [UInt8(bitDepth), UInt8(colourType), 0, 0, interlaced ? 1 : 0])
        for extra in chunksBeforeImageData { file += extra }
        if let palette { file += Self.chunk("PLTE", palette) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        var at = 0
        repeat {
            let end = min(stream.count, at + imageDataChunkLength)
            file += Self.chunk("IDAT", Array(stream[at..<end]))
            at = end
        } while at < stream.count
        if writesEnd { file += Self.chunk("IEND", []) }
        return file
    }

    /// The RGBA pixels a decoder must produce for these rows (libpng's simplified API: gray
    /// scaled to 8 bits, palette looked up, tRNS turned into alpha; 16-bit samples as their
    /// high byte, as Pillow reads them, a tRNS colour matching all 16 bits of each sample).
    func expectedRGBA() -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        let maximum = (1 << bitDepth) - 1
        let channels = Self.channels(colourType: colourType)
        func sample(_ row: [UInt8], _ index: Int) -> Int {
            if bitDepth == 16 { return Int(row[2 * index]) << 8 | Int(row[2 * index + 1]) }
            let bit = index * bitDepth
            return (Int(row[bit / 8]) >> (8 - bitDepth - bit % 8)) & maximum
        }
        func key(_ i: Int) -> Int { Int(transparency![2 * i]) << 8 | Int(transparency![2 * i + 1]) }
        func eight(_ v: Int) -> UInt8 { UInt8(bitDepth == 16 ? v >> 8 : v * 255 / maximum) }
        for row in rows {
            for x in 0..<width {
                let samples = (0..<channels).map { sample(row, x * channels + $0) }
                switch colourType {
                case 0:
                    let g = eight(samples[0])
                    out += [g, g, g, transparency != nil && samples[0] == key(0) ? 0 : 255]
                case 2:
                    let transparent = transparency != nil && (0..<3).allSatisfy { samples[$0] == key($0) }
                    out += samples.map(eight) + [transparent ? 0 : 255]
                case 3:
                    let i = samples[0]
                    let alpha = transparency.map { i < $0.count ? $0[i] : 255 } ?? 255
                    out += Array(palette![(3 * i)..<(3 * i + 3)]) + [alpha]
                case 4:
                    out += [eight(samples[0]), eight(samples[0]), eight(samples[0]), eight(samples[1])]
                default:
                    out += samples.map(eight)
                }
            }
        }
        return out
    }

    /// An image of `layout` with rows of seeded noise (or a smooth ramp, which makes the
    /// filters choose differently), and for palette images a palette of `2^bitDepth` entries
    /// (at most 256) with a tRNS of half that length when `transparent`. With `transparent`,
    /// gray and RGB images get a tRNS key equal to a value that occurs in the image.
    static func make(width: Int, height: Int, colourType: Int, bitDepth: Int, smooth: Bool,
                     transparent: Bool, seed: UInt64) -> PNGTestWriter {
        var rng = SplitMix64(seed: seed)
        var writer = PNGTestWriter(width: width, height: height, bitDepth: bitDepth, colourType: colourType, rows: [])
        let rowBytes = writer.rowBytes
        writer.rows = (0..<height).map { y in
            (0..<rowBytes).map { i in
                smooth ? UInt8(truncatingIfNeeded: 3 * i + 5 * y + (i % 3) * 40) : UInt8(truncatingIfNeeded: rng.next())
            }
        }
        if colourType == 3 {
            let entries = min(256, 1 << bitDepth)
            writer.palette = (0..<(3 * entries)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if transparent { writer.transparency = (0..<max(1, entries / 2)).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
        } else if transparent, colourType == 0 || colourType == 2 {
            // The first pixel's value, so at least one pixel is transparent.
            let first = writer.rows[0]
            if bitDepth == 16 {
                writer.transparency = Array(first[0..<(colourType == 0 ? 2 : 6)])
            } else if colourType == 0 {
                writer.transparency = [0, UInt8(Int(first[0]) >> (8 - bitDepth))]
            } else {
                writer.transparency = [0, first[0], 0, first[1], 0, first[2]]
            }
        }
        return writer
    }
}
