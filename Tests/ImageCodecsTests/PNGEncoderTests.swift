@testable import ImageCodecs
import Testing
import TestSupport

/// The PNG encoder (libdeflate, per-row filter choice): every file decodes, with libpng and
/// with the fast path, to exactly the pixels encoded; its chunks, CRCs, zlib stream and
/// Adler-32 are what the PNG and zlib specifications say, checked by code written here
/// independently of the encoder.
@Suite("Codec: PNG encoder")
struct PNGEncoderTests {
    /// A test image and a short name for the test log (a `HostImage` argument would print
    /// every pixel).
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let image: HostImage
        var testDescription: String { "\(name) \(image.width)x\(image.height)" }
    }

    static let shapes: [Shape] = [
        Shape(name: "1x1 opaque", image: TestImages.gradient(width: 1, height: 1)),
        Shape(name: "1x1 alpha", image: TestImages.noise(width: 1, height: 1, seed: 11, alpha: true)),
        Shape(name: "tiny", image: TestImages.gradient(width: 3, height: 2)),
        Shape(name: "tiny alpha", image: TestImages.noise(width: 2, height: 3, seed: 12, alpha: true)),
        Shape(name: "odd width", image: TestImages.gradient(width: 517, height: 9)),
        Shape(name: "odd width alpha", image: TestImages.noise(width: 255, height: 33, seed: 13, alpha: true)),
        Shape(name: "wide", image: TestImages.gradient(width: 4099, height: 2)),
        Shape(name: "tall", image: TestImages.noise(width: 2, height: 3001, seed: 14)),
        // One column: only Up, Average and Paeth see a neighbour.
        Shape(name: "one column alpha", image: TestImages.noise(width: 1, height: 700, seed: 15, alpha: true)),
        Shape(name: "noise (incompressible)", image: TestImages.noise(width: 300, height: 200, seed: 16)),
        Shape(name: "checkerboard", image: TestImages.checkerboard(width: 129, height: 65)),
        Shape(name: "flat", image: PNGEncoderTests.flat(width: 640, height: 480, rgba: [40, 90, 200, 255])),
        Shape(name: "fully transparent", image: PNGEncoderTests.flat(width: 33, height: 17, rgba: [0, 0, 0, 0])),
        Shape(name: "flat translucent", image: PNGEncoderTests.flat(width: 31, height: 7, rgba: [255, 255, 255, 128])),
    ]

    static func flat(width: Int, height: Int, rgba: [UInt8]) -> HostImage {
        HostImage(width: width, height: height, computedPixels: Array((0..<(width * height)).lazy.flatMap { _ in rgba }))
    }

    @Test("every compression decodes to the same pixels, with libpng and with the fast path", arguments: shapes)
    func roundTrip(_ shape: Shape) throws {
        let image = shape.image
        for compression in PNGCompression.allCases {
            let png = try ImageEncoder.encodePNG(image, compression: compression)
            for path in [PNGDecodePath.libpng, .fastPathOnly] {
                let decoded = try ImageDecoder.decode(data: png, source: "\(compression)", options: DecodeOptions(), pngPath: path)
                #expect(decoded.image.pixels == image.pixels, "\(image.width)x\(image.height) \(compression) \(path)")
            }
        }
    }

    @Test("a photo, opaque and with an alpha channel, comes back exactly at every compression")
    func photo() throws {
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("chelsea.png")).image
        var translucent = photo
        for i in stride(from: 3, to: translucent.pixels.count, by: 4) { translucent.pixels[i] = UInt8(truncatingIfNeeded: i / 4) }
        for image in [photo, translucent] {
            for compression in PNGCompression.allCases {
                let png = try ImageEncoder.encodePNG(image, compression: compression)
                #expect(png[25] == (image.hasTransparency ? 6 : 2))
                let decoded = try ImageDecoder.decode(data: png, source: "photo", options: DecodeOptions(), pngPath: .libpng)
                #expect(decoded.image.pixels == image.pixels, "\(compression)")
            }
        }
    }

    @Test("chunks are IHDR, IDAT, IEND with correct CRCs; IDAT is one zlib stream with its Adler-32",
          arguments: [Shape(name: "noise alpha", image: TestImages.noise(width: 37, height: 11, seed: 21, alpha: true)),
                      Shape(name: "gradient", image: TestImages.gradient(width: 64, height: 40))])
    func structure(_ shape: Shape) throws {
        let image = shape.image
        let png = try ImageEncoder.encodePNG(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try Self.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        for chunk in chunks {
            #expect(chunk.crc == Self.crc32(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)")
        }
        let channels = image.hasTransparency ? 4 : 3
        #expect(chunks[0].data == Self.be32(image.width) + Self.be32(image.height) + [8, channels == 4 ? 6 : 2, 0, 0, 0])
        #expect(chunks[2].data.isEmpty)

        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        #expect(stream[0] & 0x0F == 8 && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, "zlib header: deflate, check bits")
        let rowBytes = image.width * channels
        var inflated = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        let inflater = try #require(ZlibInflater())
        try stream.withUnsafeBytes { input in
            try inflated.withUnsafeMutableBytes { output in try inflater.inflate(input, into: output) }
        }
        let trailer = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(trailer == Self.adler32(inflated))

        // Undo the filters here, by the specification, and compare with the source pixels.
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var pixels = [UInt8]()
        for y in 0..<image.height {
            let type = inflated[y * (rowBytes + 1)]
            #expect(type <= 4)
            var row = Array(inflated[(y * (rowBytes + 1) + 1)..<((y + 1) * (rowBytes + 1))])
            for i in 0..<rowBytes {
                let a = i >= channels ? row[i - channels] : 0, b = previous[i], c = i >= channels ? previous[i - channels] : 0
                row[i] &+= Self.predictor(type, a: a, b: b, c: c)
            }
            pixels += row
            previous = row
        }
        let expected = channels == 4 ? image.pixels : image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        #expect(pixels == expected)
    }

    @Test("each row gets the filter with the least sum of |signed byte|, the earlier one on ties")
    func filterChoice() throws {
        var generator = SplitMix(seed: 5)
        for bytesPerPixel in [3, 4] {
            // Short rows, rows with a tail after the 16-byte blocks, and rows past 256 blocks.
            for pixelsPerRow in [1, 2, 5, 6, 7, 64, 1500] {
                let rowBytes = bytesPerPixel * pixelsPerRow
                let chooser = PNGRowFilterChooser(bytesPerPixel: bytesPerPixel, rowBytes: rowBytes)
                var previous: [UInt8]? = nil
                for kind in 0..<24 {
                    // Noise, ramps (Sub wins), copies of the row above (Up wins), flat rows (ties).
                    let row: [UInt8] = switch kind % 4 {
                    case 0: (0..<rowBytes).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                    case 1: (0..<rowBytes).map { UInt8(truncatingIfNeeded: $0 * 3 + kind) }
                    case 2: previous ?? [UInt8](repeating: 9, count: rowBytes)
                    default: [UInt8](repeating: UInt8(kind), count: rowBytes)
                    }
                    var output = [UInt8](repeating: 0xEE, count: rowBytes + 1)
                    row.withUnsafeBufferPointer { r in
                        output.withUnsafeMutableBufferPointer { o in
                            if let previous {
                                previous.withUnsafeBufferPointer { p in chooser.filter(row: r.baseAddress!, previous: p.baseAddress!, into: o.baseAddress!) }
                            } else {
                                chooser.filter(row: r.baseAddress!, previous: nil, into: o.baseAddress!)
                            }
                        }
                    }
                    let up = previous ?? [UInt8](repeating: 0, count: rowBytes)
                    let candidates = (0...4).map { type in
                        (0..<rowBytes).map { i in
                            row[i] &- Self.predictor(UInt8(type), a: i >= bytesPerPixel ? row[i - bytesPerPixel] : 0, b: up[i],
                                                     c: i >= bytesPerPixel ? up[i - bytesPerPixel] : 0)
                        }
                    }
                    let sums = candidates.map { $0.reduce(0) { $0 + Int(min($1, 0 &- $1)) } }
                    let best = sums.firstIndex(of: sums.min()!)!
                    #expect(output == [UInt8(best)] + candidates[best], "bpp \(bytesPerPixel), \(rowBytes) bytes, row kind \(kind)")
                    previous = row
                }
            }
        }
    }

    @Test("the filters do their job: a smooth photo is written with filtered rows, and at level 12 no larger than at 6")
    func filtersAndLevels() throws {
        let photo = try ImageDecoder.decode(contentsOf: CodecTestHelpers.sample("astronaut.png")).image
        let standard = try ImageEncoder.encodePNG(photo)
        let smallest = try ImageEncoder.encodePNG(photo, compression: .smallest)
        #expect(smallest.count <= standard.count)
        // Rows filtered with None only: what the file would be without the choice.
        let rowBytes = photo.width * 3
        var unfiltered = [UInt8]()
        for y in 0..<photo.height {
            unfiltered.append(0)
            for x in 0..<photo.width { unfiltered += photo.pixels[((y * photo.width + x) * 4)..<((y * photo.width + x) * 4 + 3)] }
        }
        #expect(unfiltered.count == photo.height * (rowBytes + 1))
        let none = try #require(unfiltered.withUnsafeBytes {
            PNGFileAssembler.assemble(width: photo.width, height: photo.height, colourType: .rgb, filteredRows: $0, level: 6)
        })
        #expect(standard.count < none.count)
    }

    @Test("an ICC profile embedded in our PNG reads back, and the pixels stay the same")
    func iccProfile() throws {
        let image = TestImages.gradient(width: 40, height: 30)
        let profile = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }
        let png = try ImageEncoder.encode(image, metadata: ImageMetadata(iccProfile: profile), as: .png)
        #expect(ICCProfile.read(from: png) == profile)
        #expect(try Self.chunks(png).map(\.type) == ["IHDR", "iCCP", "IDAT", "IEND"])
        #expect(try ImageDecoder.decode(data: png, source: "icc").image == image)
    }

    // MARK: written from the specifications, not from the encoder

    struct Chunk { var type: String; var data: [UInt8]; var crc: UInt32 }

    static func chunks(_ png: [UInt8]) throws -> [Chunk] {
        var at = 8, result: [Chunk] = []
        while at < png.count {
            try #require(at + 12 <= png.count)
            let length = Int(u32(png, at))
            try #require(at + 12 + length <= png.count)
            result.append(Chunk(type: String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self),
                                data: Array(png[(at + 8)..<(at + 8 + length)]), crc: u32(png, at + 8 + length)))
            at += 12 + length
        }
        return result
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { b[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
    static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }

    /// CRC-32 (ISO 3309, PNG specification annex D), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32 (RFC 1950, section 9).
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// What filter `type` adds back (PNG specification, section 9.2).
    static func predictor(_ type: UInt8, a: UInt8, b: UInt8, c: UInt8) -> UInt8 {
        switch type {
        case 1: return a
        case 2: return b
        case 3: return UInt8((Int(a) + Int(b)) / 2)
        case 4:
            let p = Int(a) + Int(b) - Int(c), pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: return 0
        }
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476C_E5B9_1CE5
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
