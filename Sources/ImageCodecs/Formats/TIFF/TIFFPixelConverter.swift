/// TIFF samples to 8-bit RGBA, as Pillow 13 converts each kind: gray below 8 bits scaled to
/// 0...255 (1-bit to 0/255), WhiteIsZero inverted, 16-bit samples by their high byte (the
/// project's rule for every 16-bit channel, gray included), palette indices through the colour
/// map (black past its end), CMYK by Pillow's formula (or through `cmykTransform`, the file's
/// CMYK profile, with `--icc srgb`), associated alpha undone as Pillow's
/// `RGBa` to `RGBA` (`255 * c / a`, clipped; colour kept where alpha is 0 or 255).
///
/// The layouts photo TIFFs use go through `TIFFRowConverter`, a band at a time as libtiff
/// decodes it (`rgba(reading:layout:rows:)`); the rest through `generalRGBA`, a sample at a
/// time from the whole page's samples.
enum TIFFPixelConverter {
    /// The bytes `rgba` holds beside its result at its peak: a band of samples when the rows
    /// convert as they come, else the whole page's samples as well.
    static func workingBytes(_ file: TIFFHandle, layout: TIFFLayout) -> Int {
        let reader = TIFFBandReader(file, layout: layout)
        guard TIFFRowConverter(layout) == nil else { return reader.bufferBytes }
        return MemoryBudget.saturating(reader.pageBytes, plus: reader.bufferBytes)
    }

    static func rgba(_ file: TIFFHandle, layout: TIFFLayout, cmykTransform: ColourTransform? = nil)
        throws(ImageCodecError) -> (pixels: [UInt8], opaque: Bool, throughProfile: Bool) {
        if layout.colour == .ycbcrThroughLibtiff {
            return (try TIFFRGBAImageReader.rgba(file, layout: layout), true, false)
        }
        guard let rows = TIFFRowConverter(layout) else {
            return generalRGBA(try TIFFSamples(file, layout: layout), layout: layout, cmykTransform: cmykTransform)
        }
        return (try rgba(reading: file, layout: layout, rows: rows), layout.alpha == .none, false)
    }

    /// Each band converted into the result as libtiff decodes it: no buffer of the whole
    /// page's samples, and every byte of the result written once.
    static func rgba(reading file: TIFFHandle, layout: TIFFLayout,
                     rows: TIFFRowConverter) throws(ImageCodecError) -> [UInt8] {
        let reader = TIFFBandReader(file, layout: layout)
        let w = layout.width, count = w * layout.height * 4
        var ok = false
        let pixels = [UInt8](pixelCapacity: count, .writtenWhole) { out, initialized in
            ok = reader.forEachBand { _, firstRow, rowCount, band in
                for row in 0..<rowCount {
                    rows.convert(band.assumingMemoryBound(to: UInt8.self) + row * reader.rowBytes,
                                 into: out.baseAddress! + (firstRow + row) * w * 4, width: w)
                }
            }
            // Written by construction: the bands cover every row when the reader succeeds and
            // each row is converted whole; on failure nothing is kept.
            initialized = ok ? count : 0
        }
        guard ok else { throw file.failure("cannot read the image data") }
        return pixels
    }

    /// Any layout, a sample at a time.
    static func generalRGBA(_ samples: TIFFSamples, layout: TIFFLayout, cmykTransform: ColourTransform? = nil)
        -> (pixels: [UInt8], opaque: Bool, throughProfile: Bool) {
        let w = layout.width, h = layout.height
        let bits = layout.bitsPerSample
        let spp = layout.samplesPerPixel
        let planeBytes = samples.rowBytes * h
        // Initialised (alpha 255 where there is none); every pixel's colour is written below.
        var out = [UInt8](repeating: 255, count: w * h * 4)
        let scale = bits < 8 ? 255 / ((1 << bits) - 1) : 1
        samples.bytes.withUnsafeBytes { s in
            /// Sample `c` of pixel `x` in row `y`, unscaled (16-bit: the high byte).
            func sample(_ x: Int, _ y: Int, _ c: Int) -> Int {
                let base = layout.planar ? c * planeBytes + y * samples.rowBytes : y * samples.rowBytes
                let index = layout.planar ? x : x * spp + c
                switch bits {
                case 8: return Int(s[base + index])
                case 16: return Int(s.load(fromByteOffset: base + index * 2, as: UInt16.self) >> 8)
                default:
                    let bit = index * bits
                    return (Int(s[base + bit >> 3]) >> (8 - bits - (bit & 7))) & ((1 << bits) - 1)
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let o = (y * w + x) * 4
                    switch layout.colour {
                    case .gray(let whiteIsZero):
                        var v = sample(x, y, 0) * scale
                        if whiteIsZero { v = 255 - v }
                        out[o] = UInt8(v); out[o + 1] = UInt8(v); out[o + 2] = UInt8(v)
                    case .rgb, .ycbcrThroughLibtiff:
                        out[o] = UInt8(sample(x, y, 0)); out[o + 1] = UInt8(sample(x, y, 1)); out[o + 2] = UInt8(sample(x, y, 2))
                    case .lab:
                        // a* and b* are signed: Pillow keeps them 128-offset (converted below).
                        out[o] = UInt8(sample(x, y, 0))
                        out[o + 1] = UInt8(sample(x, y, 1) ^ 0x80); out[o + 2] = UInt8(sample(x, y, 2) ^ 0x80)
                    case .palette(let red, let green, let blue):
                        let i = sample(x, y, 0)
                        out[o] = i < red.count ? red[i] : 0
                        out[o + 1] = i < green.count ? green[i] : 0
                        out[o + 2] = i < blue.count ? blue[i] : 0
                    case .cmyk:
                        // Stored ink amounts; CMYKConversion takes inverted ones (Adobe JPEG's).
                        for c in 0..<4 { out[o + c] = UInt8(255 - sample(x, y, c)) }
                    }
                    if layout.alpha != .none {
                        let a = sample(x, y, layout.colourSamples) * scale
                        out[o + 3] = UInt8(a)
                        if layout.alpha == .associated, a != 0, a != 255 {
                            for c in 0..<3 { out[o + c] = UInt8(min(255, 255 * Int(out[o + c]) / a)) }
                        }
                    }
                }
            }
        }
        var throughProfile = false
        if layout.colour == .lab {
            // Without the transform (lcms2 out of memory) the pixels stay L, a, b, never unwritten.
            _ = out.withUnsafeMutableBytes { TIFFLabConversion.convertToRGBA($0) }
        }
        if layout.colour == .cmyk {
            throughProfile = out.withUnsafeMutableBytes { CMYKConversion.convertToRGBA($0, through: cmykTransform) }
        }
        return (out, layout.alpha == .none, throughProfile)
    }
}
