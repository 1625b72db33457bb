import CTIFF

/// The first page's tags that decide how its samples become RGBA, read and checked before any
/// pixel is: the kinds Pillow 13 reads (bilevel and gray 1/2/4/8/16-bit, RGB and RGBA 8/16-bit,
/// palette 1/2/4/8-bit, CMYK 8-bit, JPEG-compressed YCbCr as RGB, other YCbCr and old-style
/// JPEG through libtiff's RGBA conversion, CIE L*a*b*), contiguous or planar.
struct TIFFLayout {
    enum Colour: Equatable {
        /// Gray; `whiteIsZero` for PhotometricInterpretation 0.
        case gray(whiteIsZero: Bool)
        case rgb
        /// RGB from a colour map (16-bit entries, read by their high byte as Pillow does).
        case palette(red: [UInt8], green: [UInt8], blue: [UInt8])
        /// Ink amounts, converted as Pillow's CMYK to RGB.
        case cmyk
        /// CIE L*a*b* (a* and b* signed), converted to sRGB as Pillow's `LAB` to `RGBA` does.
        case lab
        /// YCbCr that libtiff converts to RGB itself (TIFFRGBAImage), as Pillow reads every
        /// YCbCr file but contiguous JPEG-compressed ones: old-style JPEG (compression 6),
        /// uncompressed or LZW YCbCr with its subsampling, planar YCbCr.
        case ycbcrThroughLibtiff
    }

    /// What the sample after the colour ones is (ExtraSamples).
    enum Alpha: Equatable {
        case none
        /// Straight alpha.
        case unassociated
        /// Premultiplied alpha, undone as Pillow's `RGBa` to `RGBA` does.
        case associated
    }

    let width: Int
    let height: Int
    let bitsPerSample: Int
    let samplesPerPixel: Int
    let planar: Bool
    let colour: Colour
    let alpha: Alpha
    let orientation: ImageOrientation

    /// The colour samples (1 gray or palette, 3 RGB, 4 CMYK) before any extra ones.
    var colourSamples: Int {
        switch colour {
        case .gray, .palette: 1
        case .rgb, .lab, .ycbcrThroughLibtiff: 3
        case .cmyk: 4
        }
    }

    /// A layout given tag by tag (tests build the layouts they compare this way).
    init(width: Int, height: Int, bitsPerSample: Int, samplesPerPixel: Int, planar: Bool, colour: Colour,
         alpha: Alpha, orientation: ImageOrientation = .topLeft) {
        self.width = width
        self.height = height
        self.bitsPerSample = bitsPerSample
        self.samplesPerPixel = samplesPerPixel
        self.planar = planar
        self.colour = colour
        self.alpha = alpha
        self.orientation = orientation
    }

    init(_ file: TIFFHandle) throws(ImageCodecError) {
        func unsupported(_ what: String) -> ImageCodecError {
            ImageCodecError(source: file.source, reason: .corrupt("unsupported TIFF: \(what)"))
        }
        guard let width = file.u32(TIFFTAG_IMAGEWIDTH, defaulted: false),
              let height = file.u32(TIFFTAG_IMAGELENGTH, defaulted: false), width > 0, height > 0 else {
            throw file.failure("no image size")
        }
        self.width = width
        self.height = height
        let bits = file.u16(TIFFTAG_BITSPERSAMPLE) ?? 1
        let samples = file.u16(TIFFTAG_SAMPLESPERPIXEL) ?? 1
        let format = file.u16(TIFFTAG_SAMPLEFORMAT) ?? 1
        // Signed 8-bit gray Pillow reads as mode L, the bytes as they are (OPEN_INFO).
        let signedGray = format == Int(SAMPLEFORMAT_INT) && bits == 8 && samples == 1
        guard format == Int(SAMPLEFORMAT_UINT) || signedGray else {
            throw unsupported("sample format \(format)")
        }
        guard [1, 2, 4, 8, 16].contains(bits) else { throw unsupported("\(bits) bits per sample") }
        bitsPerSample = bits
        samplesPerPixel = samples
        planar = file.u16(TIFFTAG_PLANARCONFIG) == Int(PLANARCONFIG_SEPARATE) && samples > 1
        orientation = ImageOrientation(exifValue: file.u16(TIFFTAG_ORIENTATION, defaulted: false) ?? 1)
        let compression = file.u16(TIFFTAG_COMPRESSION) ?? 1
        // Without the tag Pillow takes 0 (WhiteIsZero), and 6 (YCbCr) for old-style JPEG,
        // whatever the tag says.
        let photometric = compression == Int(COMPRESSION_OJPEG) ? Int(PHOTOMETRIC_YCBCR)
            : file.u16(TIFFTAG_PHOTOMETRIC, defaulted: false) ?? Int(PHOTOMETRIC_MINISWHITE)
        if signedGray, photometric != Int(PHOTOMETRIC_MINISBLACK) {
            throw unsupported("sample format \(format)")
        }
        // Pillow has WhiteIsZero modes of one sample only (OPEN_INFO): "unknown pixel mode".
        if photometric == Int(PHOTOMETRIC_MINISWHITE), samples != 1 {
            let named = file.u16(TIFFTAG_PHOTOMETRIC, defaulted: false) == nil
                ? "no PhotometricInterpretation (WhiteIsZero, as Pillow takes it)" : "PhotometricInterpretation 0"
            throw unsupported("\(named) with \(samples) samples a pixel")
        }
        switch Int32(photometric) {
        case PHOTOMETRIC_MINISWHITE where bits == 16:
            // Pillow reads 16-bit WhiteIsZero as plain I;16, not inverted, and has no mode for
            // it big-endian (OPEN_INFO): "unknown pixel mode".
            guard TIFFIsBigEndian(file.tif) == 0 else { throw unsupported("big-endian 16-bit WhiteIsZero") }
            colour = .gray(whiteIsZero: false)
        case PHOTOMETRIC_MINISWHITE, PHOTOMETRIC_MINISBLACK:
            colour = .gray(whiteIsZero: Int32(photometric) == PHOTOMETRIC_MINISWHITE)
        case PHOTOMETRIC_RGB where bits >= 8:
            colour = .rgb
        case PHOTOMETRIC_YCBCR where compression == Int(COMPRESSION_JPEG) && bits == 8 && !planar:
            // libjpeg converts to RGB inside libtiff, as Pillow asks it to.
            gpuglitch_tiff_set_jpeg_rgb(file.tif)
            colour = .rgb
        case PHOTOMETRIC_YCBCR where bits == 8 && samples == 3:
            // Pillow reads uncompressed files itself, YCbCr as 4-byte RGBX pixels: a file of
            // 3-byte pixels comes out truncated or scrambled.
            guard compression != Int(COMPRESSION_NONE) else {
                throw unsupported("uncompressed YCbCr (Pillow reads its samples as RGBX)")
            }
            colour = .ycbcrThroughLibtiff
        case PHOTOMETRIC_CIELAB where bits == 8 && samples == 3:
            colour = .lab
        case PHOTOMETRIC_PALETTE where bits <= 8:
            var r: UnsafeMutablePointer<UInt16>?, g: UnsafeMutablePointer<UInt16>?, b: UnsafeMutablePointer<UInt16>?
            guard gpuglitch_tiff_get_colormap(file.tif, &r, &g, &b) != 0, let r, let g, let b else {
                throw unsupported("palette without a colour map")
            }
            let n = 1 << bits
            colour = .palette(red: (0..<n).map { UInt8(r[$0] >> 8) }, green: (0..<n).map { UInt8(g[$0] >> 8) },
                              blue: (0..<n).map { UInt8(b[$0] >> 8) })
        case PHOTOMETRIC_SEPARATED where bits == 8 && (file.u16(TIFFTAG_INKSET) ?? 1) == Int(INKSET_CMYK):
            colour = .cmyk
        default:
            throw unsupported("PhotometricInterpretation \(photometric) with \(bits) bits per sample")
        }
        var extraCount: UInt16 = 0
        var extraTypes: UnsafeMutablePointer<UInt16>?
        let extra = gpuglitch_tiff_get_extra_samples(file.tif, &extraCount, &extraTypes) != 0 && extraCount > 0
            ? Int(extraTypes?[0] ?? 0) : nil
        let colourCount: Int
        switch colour {
        case .gray, .palette: colourCount = 1
        case .rgb, .lab, .ycbcrThroughLibtiff: colourCount = 3
        case .cmyk: colourCount = 4
        }
        guard samples >= colourCount else { throw unsupported("\(samples) samples for its colours") }
        if samples == colourCount {
            alpha = .none
        } else if colour == .rgb || colour == .gray(whiteIsZero: false) || colour == .gray(whiteIsZero: true) {
            // A fourth RGB sample without ExtraSamples is alpha for Pillow; "unspecified" (0) is not.
            switch extra {
            case Int(EXTRASAMPLE_ASSOCALPHA): alpha = .associated
            case Int(EXTRASAMPLE_UNSPECIFIED): alpha = .none
            default: alpha = .unassociated
            }
        } else {
            alpha = .none
        }
    }
}
