/// Whole-row conversion to RGBA of the layouts photo TIFFs are written in: 8-bit contiguous
/// gray, gray + alpha, RGB and RGBA (straight alpha or none; extra samples beyond those
/// skipped). JPEG- and LZW-compressed TIFFs from cameras, scanners and Pillow are all of these.
/// Each layout has its own loop over unchecked pointers, so that converting costs about a
/// memory copy rather than a sample lookup per channel. The bytes are the ones
/// `TIFFPixelConverter`'s general path gives (tests compare the two on random rows); every
/// other layout (below or above 8 bits, palette, CMYK, planar, premultiplied alpha) goes
/// through that general path.
enum TIFFRowConverter: Equatable {
    /// Gray in R, G and B (inverted for WhiteIsZero), alpha 255.
    case gray(whiteIsZero: Bool, samplesPerPixel: Int)
    /// Gray in R, G and B (inverted for WhiteIsZero), then the second sample as alpha.
    case grayAlpha(whiteIsZero: Bool, samplesPerPixel: Int)
    /// The first three samples, alpha 255.
    case rgb(samplesPerPixel: Int)
    /// The first four samples, the fourth straight alpha.
    case rgba(samplesPerPixel: Int)

    /// The row conversion for `layout`, or nil when it takes the general path.
    init?(_ layout: TIFFLayout) {
        guard layout.bitsPerSample == 8, !layout.planar else { return nil }
        let spp = layout.samplesPerPixel
        switch (layout.colour, layout.alpha) {
        case (.gray(let whiteIsZero), .none): self = .gray(whiteIsZero: whiteIsZero, samplesPerPixel: spp)
        case (.gray(let whiteIsZero), .unassociated): self = .grayAlpha(whiteIsZero: whiteIsZero, samplesPerPixel: spp)
        case (.rgb, .none): self = .rgb(samplesPerPixel: spp)
        case (.rgb, .unassociated): self = .rgba(samplesPerPixel: spp)
        default: return nil
        }
    }

    /// Converts one row of `width` pixels. `source` holds `width * samplesPerPixel` bytes and
    /// `destination` room for `width * 4`; neither is checked.
    func convert(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, width: Int) {
        switch self {
        case .gray(let whiteIsZero, let spp):
            Self.gray(source, into: destination, width: width, stride: spp, flip: whiteIsZero ? 0xFF : 0)
        case .grayAlpha(let whiteIsZero, let spp):
            Self.grayAlpha(source, into: destination, width: width, stride: spp, flip: whiteIsZero ? 0xFF : 0)
        case .rgb(3):
            Self.rgb3(source, into: destination, width: width)
        case .rgb(let spp):
            Self.rgb(source, into: destination, width: width, stride: spp)
        case .rgba(4):
            destination.update(from: source, count: width * 4)
        case .rgba(let spp):
            Self.rgba(source, into: destination, width: width, stride: spp)
        }
    }

    /// `flip` is XORed into the sample: 0xFF is `255 - v`.
    private static func gray(_ s: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int,
                             stride: Int, flip: UInt8) {
        let out = UnsafeMutableRawPointer(d)
        for x in 0..<width {
            let g = UInt32(s[x &* stride] ^ flip)
            out.storeBytes(of: UInt32(littleEndian: g | g << 8 | g << 16 | 0xFF00_0000),
                           toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    private static func grayAlpha(_ s: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int,
                                  stride: Int, flip: UInt8) {
        let out = UnsafeMutableRawPointer(d)
        for x in 0..<width {
            let p = s + x &* stride
            let g = UInt32(p[0] ^ flip), a = UInt32(p[1])
            out.storeBytes(of: UInt32(littleEndian: g | g << 8 | g << 16 | a << 24),
                           toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// Packed RGB: every pixel but the last is read as four bytes (its own three and the next
    /// pixel's first), so the last one is read byte by byte to stay inside the row.
    private static func rgb3(_ s: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int) {
        guard width > 0 else { return }
        let source = UnsafeRawPointer(s), out = UnsafeMutableRawPointer(d)
        let opaque = UInt32(littleEndian: 0xFF00_0000), colour = UInt32(littleEndian: 0x00FF_FFFF)
        for x in 0..<(width - 1) {
            let v = source.loadUnaligned(fromByteOffset: x &* 3, as: UInt32.self)
            out.storeBytes(of: v & colour | opaque, toByteOffset: x &* 4, as: UInt32.self)
        }
        let last = width - 1
        d[last * 4] = s[last * 3]
        d[last * 4 + 1] = s[last * 3 + 1]
        d[last * 4 + 2] = s[last * 3 + 2]
        d[last * 4 + 3] = 255
    }

    private static func rgb(_ s: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int, stride: Int) {
        for x in 0..<width {
            let p = s + x &* stride, o = d + x &* 4
            o[0] = p[0]; o[1] = p[1]; o[2] = p[2]; o[3] = 255
        }
    }

    private static func rgba(_ s: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int, stride: Int) {
        for x in 0..<width {
            let p = s + x &* stride, o = d + x &* 4
            o[0] = p[0]; o[1] = p[1]; o[2] = p[2]; o[3] = p[3]
        }
    }
}
