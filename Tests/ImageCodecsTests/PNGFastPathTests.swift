@testable import ImageCodecs
import Foundation
import Testing
import TestSupport

/// `PNGFastDecoder` gives exactly what the libpng path gives: the same pixels for every file it
/// takes, and for every file it declines (other layouts, damage, oddities) the libpng path
/// runs, so the outcome of `ImageDecoder.decode`, error included, is the one libpng gives.
@Suite("Codec: PNG fast path")
struct PNGFastPathTests {
    /// All a decode tells its caller.
    enum Outcome: Equatable, CustomStringConvertible {
        case decoded(HostImage, source: [Int], orientation: ImageOrientation)
        case failed(ImageCodecError.Reason)

        var description: String {
            switch self {
            case .decoded(let image, _, let orientation):
                "\(image.width)x\(image.height) \(orientation) image, RGBA SHA-256 \(SHA256.hex(image.pixels).prefix(12))"
            case .failed(let reason):
                "failure: \(reason)"
            }
        }
    }

    static func outcome(_ bytes: [UInt8], _ path: PNGDecodePath, options: DecodeOptions = DecodeOptions()) -> Outcome {
        do {
            let decoded = try ImageDecoder.decode(data: bytes, source: "test", options: options, pngPath: path)
            return .decoded(decoded.image, source: [decoded.facts.sourceWidth, decoded.facts.sourceHeight, decoded.facts.scaleDenominator],
                            orientation: decoded.metadata.orientation)
        } catch {
            return .failed(error.reason)
        }
    }

    /// Why the fast path declines `bytes`, or nil when it decodes them.
    static func decline(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            do throws(PNGFastPathDecline) {
                _ = try PNGFastDecoder.decode(raw)
                return nil
            } catch {
                return error.reason
            }
        }
    }

    /// The fast path's pixels, or nil when it declines.
    static func fastPixels(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { try? PNGFastDecoder.decode($0).pixels }
    }

    // MARK: - Fixtures and samples

    static let fixturePNGs = DecodeFixtureManifest.shared.fixtures.filter { $0.file.hasSuffix(".png") }

    /// 16-bit images with alpha: libpng's simplified API can only round them to 8 bits
    /// (`(v·255 + 32767) / 65535`); the fast path takes the high byte, as Pillow does.
    static let highByteFixtures: Set<String> = ["png-ga16-5x4.png", "png-rgba16-5x4.png"]

    @Test("every fixture PNG decodes as with libpng (high bytes where libpng rounds 16-bit alpha images), on the fast path",
          arguments: fixturePNGs)
    func fixture(_ fixture: DecodeFixtureManifest.Fixture) throws {
        let bytes = try ImageFileReader.readAll(path: fixture.path)
        for options in [DecodeOptions(), DecodeOptions(applyOrientation: false)] {
            let libpng = Self.outcome(bytes, .libpng, options: options)
            let automatic = Self.outcome(bytes, .automatic, options: options)
            if Self.highByteFixtures.contains(fixture.file) {
                #expect(automatic != libpng, "libpng rounds; the fast path must not")
            } else {
                #expect(automatic == libpng)
            }
            #expect(Self.outcome(bytes, .fastPathOnly, options: options) == automatic)
        }
        #expect(Self.decline(bytes) == nil)
    }

    @Test("sample photos: the fast path takes them and gives libpng's pixels",
          arguments: DecodeFixtureManifest.shared.samples.filter { $0.file.hasSuffix(".png") })
    func sample(_ sample: DecodeFixtureManifest.Sample) throws {
        let bytes = try ImageFileReader.readAll(path: sample.path)
        let fast = Self.outcome(bytes, .fastPathOnly)
        #expect(fast == Self.outcome(bytes, .libpng))
        let decoded: HostImage? = if case .decoded(let image, _, _) = fast { image } else { nil }
        let image = try #require(decoded, "\(fast)")
        #expect(SHA256.hex(image.pixels) == sample.rgbaSHA256)
    }

    // MARK: - Generated images

    /// A colour type, bit depth and whether it has tRNS.
    struct Layout: Sendable, CustomTestStringConvertible {
        var colourType: Int
        var bitDepth: Int
        var transparent = false
        var testDescription: String {
            let names = [0: "gray", 2: "RGB", 3: "palette", 4: "gray+alpha", 6: "RGBA"]
            return "\(names[colourType]!) \(bitDepth)-bit\(transparent ? " + tRNS" : "")"
        }
    }

    static let layouts: [Layout] = [
        Layout(colourType: 2, bitDepth: 8), Layout(colourType: 6, bitDepth: 8),
        Layout(colourType: 0, bitDepth: 8), Layout(colourType: 4, bitDepth: 8),
        Layout(colourType: 2, bitDepth: 8, transparent: true), Layout(colourType: 0, bitDepth: 8, transparent: true),
        Layout(colourType: 0, bitDepth: 1), Layout(colourType: 0, bitDepth: 2), Layout(colourType: 0, bitDepth: 4),
        Layout(colourType: 0, bitDepth: 4, transparent: true),
        Layout(colourType: 3, bitDepth: 1), Layout(colourType: 3, bitDepth: 2), Layout(colourType: 3, bitDepth: 4),
        Layout(colourType: 3, bitDepth: 8), Layout(colourType: 3, bitDepth: 8, transparent: true),
    ]

    static let filterChoices: [PNGTestWriter.Filters] = [.all(0), .all(1), .all(2), .all(3), .all(4), .cycling]

    @Test("generated images of every layout and filter, 1...33 x 1...9: fast path == libpng == the stored values",
          arguments: layouts, filterChoices)
    func generated(_ layout: Layout, _ filters: PNGTestWriter.Filters) {
        for height in 1...9 {
            for width in 1...33 {
                let seed = UInt64(width * 100 + height)
                var writer = PNGTestWriter.make(width: width, height: height, colourType: layout.colourType,
                                                bitDepth: layout.bitDepth, smooth: (width + height) % 2 == 0,
                                                transparent: layout.transparent, seed: seed)
                writer.filters = filters
                // Some streams cut into many small IDATs, one into a chunk per byte.
                writer.imageDataChunkLength = width % 4 == 0 ? 5 : (width == 33 && height == 9 ? 1 : 1 << 20)
                let png = writer.encode()
                let expected = writer.expectedRGBA()
                let fast = Self.fastPixels(png)
                #expect(fast == expected, "\(width)x\(height) seed \(seed): fast path \(Self.decline(png) ?? "differs")")
                guard case .decoded(let image, _, _) = Self.outcome(png, .libpng) else {
                    Issue.record("\(width)x\(height): libpng failed")
                    continue
                }
                #expect(image.pixels == expected, "\(width)x\(height) seed \(seed): libpng differs")
            }
        }
    }

    /// Every layout, 16-bit ones and tRNS colours included.
    static let allLayouts: [Layout] = layouts + [
        Layout(colourType: 0, bitDepth: 16), Layout(colourType: 0, bitDepth: 16, transparent: true),
        Layout(colourType: 2, bitDepth: 16), Layout(colourType: 2, bitDepth: 16, transparent: true),
        Layout(colourType: 4, bitDepth: 16), Layout(colourType: 6, bitDepth: 16),
        Layout(colourType: 0, bitDepth: 1, transparent: true), Layout(colourType: 0, bitDepth: 2, transparent: true),
        Layout(colourType: 3, bitDepth: 2, transparent: true),
    ]

    @Test("Adam7-interlaced images of every layout, 1...17 x 1...11 (empty passes included): the fast path gives the stored values, as libpng does below 16 bits",
          arguments: allLayouts)
    func interlaced(_ layout: Layout) {
        for height in 1...11 {
            for width in 1...17 {
                let seed = UInt64(width * 100 + height)
                var writer = PNGTestWriter.make(width: width, height: height, colourType: layout.colourType,
                                                bitDepth: layout.bitDepth, smooth: (width + height) % 2 == 0,
                                                transparent: layout.transparent, seed: seed)
                writer.interlaced = true
                let png = writer.encode()
                let expected = writer.expectedRGBA()
                #expect(Self.fastPixels(png) == expected, "\(width)x\(height) seed \(seed): fast path \(Self.decline(png) ?? "differs")")
                // libpng reduces 16-bit samples itself (rounding, and wrongly when interlaced: PNGDecoder).
                guard layout.bitDepth < 16 else { continue }
                guard case .decoded(let image, _, _) = Self.outcome(png, .libpng) else {
                    Issue.record("\(width)x\(height): libpng failed")
                    continue
                }
                #expect(image.pixels == expected, "\(width)x\(height) seed \(seed): libpng differs")
            }
        }
    }

    @Test("interlaced 16-bit images the fast path leaves to libpng still decode to their high bytes, not to libpng's mixed-up rows",
          arguments: [Layout(colourType: 6, bitDepth: 16), Layout(colourType: 4, bitDepth: 16),
                      Layout(colourType: 2, bitDepth: 16, transparent: true), Layout(colourType: 0, bitDepth: 16, transparent: true)])
    func interlacedSixteenBitsLeftToLibpng(_ layout: Layout) throws {
        var writer = PNGTestWriter.make(width: 23, height: 13, colourType: layout.colourType, bitDepth: 16, smooth: false,
                                        transparent: layout.transparent, seed: 7)
        writer.interlaced = true
        // Stored blocks (no back-references) under a zlib header declaring a 512-byte window:
        // valid, but the fast path declines small windows (libdeflate cannot check them).
        var stream = PNGTestWriter.zlib(writer.filteredRows(), level: 0)
        stream[0] = 0x18
        stream[1] = UInt8(31 - (0x18 * 256) % 31)
        let png = writer.encode(zlibStream: stream)
        #expect(Self.decline(png) == "the zlib header declares a small window")
        let expected = writer.expectedRGBA()
        for path in [PNGDecodePath.automatic, .libpng] {
            guard case .decoded(let image, _, _) = Self.outcome(png, path) else {
                Issue.record("\(path): failed: \(Self.outcome(png, path))")
                continue
            }
            #expect(CodecTestHelpers.firstDifference(image.pixels, expected, width: writer.width) == nil, "\(path)")
        }
    }

    @Test("larger RGB(A) images, inflated inside the result's own storage: every byte still right",
          arguments: [Layout(colourType: 2, bitDepth: 8), Layout(colourType: 6, bitDepth: 8),
                      Layout(colourType: 2, bitDepth: 8, transparent: true)],
          [PNGTestWriter.Filters.all(4), .all(3), .cycling])
    func larger(_ layout: Layout, _ filters: PNGTestWriter.Filters) {
        for (width, height) in [(301, 203), (2, 300), (300, 2), (1, 257), (640, 5)] {
            for smooth in [false, true] {
                var writer = PNGTestWriter.make(width: width, height: height, colourType: layout.colourType,
                                                bitDepth: 8, smooth: smooth, transparent: layout.transparent,
                                                seed: UInt64(width * height))
                writer.filters = filters
                let png = writer.encode()
                #expect(Self.fastPixels(png) == writer.expectedRGBA(), "\(width)x\(height) smooth \(smooth)")
            }
        }
    }

    @Test("our encoder's PNGs (libpng's adaptive filters) decode on the fast path to the source pixels")
    func encoderRoundTrips() throws {
        for height in 1...9 {
            for width in 1...33 {
                for image in [TestImages.noise(width: width, height: height, seed: UInt64(width * 10 + height), alpha: true),
                              TestImages.noise(width: width, height: height, seed: UInt64(width)),
                              TestImages.gradient(width: width, height: height)] {
                    let png = try ImageEncoder.encodePNG(image)
                    #expect(Self.fastPixels(png) == image.pixels, "\(width)x\(height): \(Self.decline(png) ?? "differs")")
                }
            }
        }
        let photo = try ImageDecoder.decode(data: ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea.png")),
                                            source: "chelsea.png", options: DecodeOptions(), pngPath: .libpng).image
        for compression in PNGCompression.allCases {
            let png = try ImageEncoder.encodePNG(photo, compression: compression)
            #expect(Self.fastPixels(png) == photo.pixels, "\(compression)")
        }
    }

    @Test("gamma and colour-space chunks leave 8-bit values alone on both paths")
    func colourSpaceChunks() {
        for layout in [Layout(colourType: 2, bitDepth: 8), Layout(colourType: 6, bitDepth: 8),
                       Layout(colourType: 0, bitDepth: 8), Layout(colourType: 4, bitDepth: 8),
                       Layout(colourType: 0, bitDepth: 4, transparent: true),
                       Layout(colourType: 3, bitDepth: 8, transparent: true)] {
            var writer = PNGTestWriter.make(width: 21, height: 7, colourType: layout.colourType, bitDepth: layout.bitDepth,
                                            smooth: true, transparent: layout.transparent, seed: 3)
            let significantBits = [UInt8](repeating: UInt8(max(1, layout.bitDepth - 2)),
                                          count: layout.colourType == 3 ? 3 : PNGTestWriter.channels(colourType: layout.colourType))
            writer.chunksBeforeImageData = [
                PNGTestWriter.chunk("gAMA", PNGTestWriter.be32(45455)),
                PNGTestWriter.chunk("cHRM", (0..<8).flatMap { PNGTestWriter.be32(UInt32(30000 + 1000 * $0)) }),
                PNGTestWriter.chunk("sRGB", [0]),
                PNGTestWriter.chunk("sBIT", significantBits),
            ]
            let png = writer.encode()
            #expect(Self.fastPixels(png) == writer.expectedRGBA(), "\(layout.testDescription)")
            #expect(Self.outcome(png, .automatic) == Self.outcome(png, .libpng), "\(layout.testDescription)")
        }
    }

    // MARK: - Damage and oddities: declined, and libpng's outcome

    /// A 16x8 RGB image with every filter type.
    static let plain = PNGTestWriter.make(width: 16, height: 8, colourType: 2, bitDepth: 8, smooth: false,
                                          transparent: false, seed: 42)

    /// Bytes that the fast path must decline with `reason`, decoded by `ImageDecoder` exactly
    /// as libpng decodes them (successfully or not: `libpngDecodes` says which).
    static let oddFiles: [(name: String, bytes: [UInt8], reason: String, libpngDecodes: Bool)] = {
        var cases: [(String, [UInt8], String, Bool)] = []
        let filtered = plain.filteredRows()
        let stream = PNGTestWriter.zlib(filtered, level: 6)

        var badAncillaryCRC = plain
        var text = PNGTestWriter.chunk("tEXt", Array("Comment\0hello".utf8))
        text[text.count - 1] ^= 1
        badAncillaryCRC.chunksBeforeImageData = [text]
        cases.append(("an ancillary chunk with a bad CRC", badAncillaryCRC.encode(), "chunk CRC mismatch", true))

        var critical = plain
        critical.chunksBeforeImageData = [PNGTestWriter.chunk("CRIT", [1, 2, 3])]
        cases.append(("an unknown critical chunk", critical.encode(), "unknown critical chunk", false))

        var badFilter = filtered
        badFilter[3 * (1 + 48)] = 5
        cases.append(("filter type 5", plain.encode(zlibStream: PNGTestWriter.zlib(badFilter, level: 6)),
                      "invalid filter type", false))

        cases.append(("bytes after the zlib stream", plain.encode(zlibStream: stream + [0, 0, 0]),
                      "data after the end of the zlib stream", true))
        cases.append(("a zlib stream a row short", plain.encode(zlibStream: PNGTestWriter.zlib(Array(filtered.dropLast(49)), level: 6)),
                      "the zlib stream holds too few bytes for the image", false))
        cases.append(("a zlib stream a row long", plain.encode(zlibStream: PNGTestWriter.zlib(filtered + filtered.suffix(49), level: 6)),
                      "the zlib stream holds more bytes than the image", true))

        var wrongAdler = stream
        wrongAdler[wrongAdler.count - 1] ^= 0x40
        cases.append(("a wrong Adler-32", plain.encode(zlibStream: wrongAdler), "invalid zlib stream (libdeflate: bad data)", false))

        // A 512-byte window (CINFO 1) for rows of noise that repeat every 4 rows (768 bytes):
        // the compressor refers 772 bytes back.
        var repeating = PNGTestWriter.make(width: 64, height: 40, colourType: 2, bitDepth: 8, smooth: false,
                                           transparent: false, seed: 1)
        repeating.rows = (0..<40).map { repeating.rows[$0 % 4] }
        repeating.filters = .all(0)
        var smallWindow = PNGTestWriter.zlib(repeating.filteredRows(), level: 9)
        smallWindow[0] = 0x18
        smallWindow[1] = UInt8(31 - (0x18 * 256) % 31)
        cases.append(("a zlib header declaring a small window", repeating.encode(zlibStream: smallWindow),
                      "the zlib header declares a small window", false))

        var palette = PNGTestWriter.make(width: 9, height: 4, colourType: 3, bitDepth: 2, smooth: false,
                                         transparent: false, seed: 7)
        palette.palette = Array(palette.palette!.prefix(6))
        cases.append(("a palette index past the palette's end", palette.encode(),
                      "palette index past the end of the palette", true))

        var alphaTRNS = PNGTestWriter.make(width: 5, height: 3, colourType: 6, bitDepth: 8, smooth: false,
                                           transparent: false, seed: 8)
        alphaTRNS.transparency = [0, 1, 0, 2, 0, 3]
        cases.append(("tRNS in an RGBA image", alphaTRNS.encode(), "tRNS in an image with an alpha channel", true))

        var grayPLTE = PNGTestWriter.make(width: 5, height: 3, colourType: 0, bitDepth: 8, smooth: false,
                                          transparent: false, seed: 9)
        grayPLTE.palette = [1, 2, 3]
        cases.append(("PLTE in a gray image", grayPLTE.encode(), "PLTE in a gray image", true))

        // IDAT, tEXt, IDAT: the image data ends with the first IDAT, in the middle of the stream.
        var split = plain
        split.imageDataChunkLength = stream.count / 2 + 1
        var splitBytes = split.encode(zlibStream: stream)
        let secondIDAT = 8 + 25 + 12 + stream.count / 2 + 1
        splitBytes.insert(contentsOf: PNGTestWriter.chunk("tEXt", Array("a\0b".utf8)), at: secondIDAT)
        cases.append(("IDAT chunks with another chunk between them", splitBytes,
                      "invalid zlib stream (libdeflate: bad data)", false))

        var outOfRange = PNGTestWriter.make(width: 5, height: 3, colourType: 0, bitDepth: 4, smooth: false,
                                            transparent: false, seed: 10)
        outOfRange.transparency = [0, 16]
        cases.append(("a gray tRNS beyond the bit depth", outOfRange.encode(), "invalid gray tRNS", true))
        return cases
    }()

    @Test("odd and damaged files are declined and decoded, or refused, exactly as by libpng",
          arguments: oddFiles.map { $0.name })
    func oddFile(_ name: String) throws {
        let (_, bytes, reason, libpngDecodes) = try #require(Self.oddFiles.first { $0.name == name })
        let libpng = Self.outcome(bytes, .libpng)
        #expect(Self.outcome(bytes, .automatic) == libpng)
        if case .decoded = libpng {
            #expect(libpngDecodes, "libpng decodes it: \(libpng)")
        } else {
            #expect(!libpngDecodes, "libpng refuses it: \(libpng)")
        }
        #expect(Self.decline(bytes) == reason)
        #expect(Self.outcome(bytes, .fastPathOnly) == .failed(.corrupt("PNG fast path declined: \(reason)")))
    }

    @Test("what follows the image data is never read: no IEND, a damaged chunk, or garbage after it")
    func afterImageData() {
        let expected = Self.plain.expectedRGBA()
        var noEnd = Self.plain
        noEnd.writesEnd = false
        let endless = noEnd.encode()
        var damagedText = PNGTestWriter.chunk("tEXt", Array("k\0v".utf8))
        damagedText[9] ^= 0xFF
        for bytes in [endless, endless + damagedText, endless + [0x00, 0x00, 0x01], Self.plain.encode() + [7, 7, 7, 7, 7]] {
            #expect(Self.fastPixels(bytes) == expected)
            #expect(Self.outcome(bytes, .automatic) == Self.outcome(bytes, .libpng))
        }
    }

    static let photo = try! ImageFileReader.readAll(path: CodecTestHelpers.sample("chelsea.png"))

    @Test("a photo cut anywhere gives libpng's outcome, except after its deflate data, where it decodes whole as Pillow reads it")
    func truncatedPhoto() {
        let count = Self.photo.count
        let whole = Self.outcome(Self.photo, .automatic)
        let lengths = Array(stride(from: 1, to: count, by: 4099)) + Array((count - 24)...count)
        for length in lengths {
            let cut = Array(Self.photo.prefix(length))
            // The last 20 bytes are the Adler-32, the IDAT CRC and IEND.
            let expected = length >= count - 20 ? whole : Self.outcome(cut, .libpng)
            #expect(Self.outcome(cut, .automatic) == expected, "cut at \(length)")
        }
    }

    @Test("a photo with a byte flipped anywhere gives libpng's outcome")
    func flippedPhoto() {
        for offset in stride(from: 8, to: Self.photo.count, by: 1999) {
            var damaged = Self.photo
            damaged[offset] ^= 0x10
            #expect(Self.outcome(damaged, .automatic) == Self.outcome(damaged, .libpng), "flipped at \(offset)")
            #expect(Self.decline(damaged) != nil, "flipped at \(offset)")
        }
    }
}
