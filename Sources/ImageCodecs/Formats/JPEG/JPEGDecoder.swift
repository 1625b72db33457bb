import CTurboJPEG
import ImageMaths

/// JPEG decoding with libjpeg-turbo's TurboJPEG API (version 2: `tjDecompress2`).
///
/// Pixels match Pillow's: the accurate integer IDCT (`TJFLAG_ACCURATEDCT`, never FASTDCT) and
/// fancy upsampling (the default), gray and YCbCr straight to RGBA, CMYK/YCCK through
/// `CMYKConversion`. By default any libjpeg warning fails the decode (`TJFLAG_STOPONWARNING`):
/// a warning means missing or undecodable data ("Premature end of JPEG file" for a cut-off
/// file, "bad Huffman code", "N extraneous bytes before marker" after corrupt entropy data), and
/// the partial image libjpeg would fill in must never pass as a good one
/// (`DecodeOptions.failOnWarnings` relaxes this). Whether a file that warned or failed was cut
/// off is Pillow's call, not the warning's text: `JPEGPillowVerdict` runs libjpeg as Pillow does
/// and says whether the data ran out before the last row (refused as `.truncated` in either
/// mode) or only after it (read, as Pillow reads it, when warnings are not errors).
/// `TJFLAG_LIMITSCANS` refuses progressive files with an absurd number of scans (a known
/// denial-of-service).
enum JPEGDecoder {
    static let strictFlags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
    static let lenientFlags = TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS

    static func decode(_ bytes: UnsafeRawBufferPointer, scan: JPEGMarkerScan, options: DecodeOptions,
                       source: String) throws(ImageCodecError) -> DecodedImage {
        // A handle costs well under a microsecond to create, so each decode gets its own: no
        // sharing between threads, no pool to manage.
        guard let handle = tjInitDecompress() else {
            throw ImageCodecError(source: source, reason: .corrupt(String(cString: tjGetErrorStr2(nil))))
        }
        defer { tjDestroy(handle) }
        let jpeg = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let jpegSize = UInt(bytes.count)
        let plan = try Self.plan(bytes, handle: handle, scan: scan, options: options, source: source)
        let (outWidth, outHeight, orientation) = (plan.outWidth, plan.outHeight, plan.orientation)

        // CMYK cannot be decoded to RGBA directly; it is decoded into the same 4-byte-a-pixel
        // storage and converted in place, so no second buffer is needed either way.
        let isCMYK = plan.isCMYK
        let pixelFormat = Int32(isCMYK ? TJPF_CMYK.rawValue : TJPF_RGBA.rawValue)
        let flags = options.failOnWarnings ? strictFlags : lenientFlags
        var failed = false, warned = false, incomplete = false, throughProfile = false
        // Fully written or not handed on: TurboJPEG writes every row of a decode it completes
        // (rows past a cut-off are libjpeg's defined grey fill), and `initialized` is 0 for
        // any other.
        let pixels = [UInt8](pixelCapacity: outWidth * outHeight * 4, .writtenWhole) { buffer, initialized in
            if buffer.count > 0 { buffer[buffer.count - 1] = 0 }     // the last alpha, see below
            let status = tjDecompress2(handle, jpeg, jpegSize, buffer.baseAddress, Int32(outWidth), 0,
                                       Int32(outHeight), pixelFormat, flags)
            warned = status != 0
            guard status == 0 || acceptable(handle, options: options) else {
                failed = true
                initialized = 0
                return
            }
            // Every row written means the last alpha is 255 (TurboJPEG writes rows in order and
            // sets alpha): anything else would leave uninitialised memory in the image.
            if !isCMYK, buffer.count > 0, buffer[buffer.count - 1] != 255 {
                incomplete = true
                initialized = 0
                return
            }
            if isCMYK {
                throughProfile = CMYKConversion.convertToRGBA(UnsafeMutableRawBufferPointer(buffer),
                                                              through: options.cmykTransform)
            }
            initialized = buffer.count
        }
        if warned {
            // libjpeg warned or failed: Pillow's verdict on whether the data ran out first.
            switch JPEGPillowVerdict(bytes) {
            case .truncated:
                throw ImageCodecError(source: source, reason: .truncated)
            case .error(let message) where !failed:
                throw ImageCodecError(source: source, reason: .corrupt(message))
            case .read, .error:
                break
            }
        }
        if failed { throw failure(handle, source: source) }
        if incomplete {
            throw ImageCodecError(source: source, reason: .corrupt("libjpeg stopped before the last row"))
        }

        var image = HostImage(width: outWidth, height: outHeight, computedPixels: pixels)
        orientation.apply(to: &image)
        // TurboJPEG's RGBA output and the CMYK conversion both write alpha 255.
        image.markOpaqueByConstruction()
        return DecodedImage(image: image,
                            metadata: ImageMetadata(orientation: scan.orientation,
                                                    orientationApplied: options.applyOrientation),
                            facts: DecodeFacts(format: .jpeg, sourceWidth: plan.full.width, sourceHeight: plan.full.height,
                                               scaleDenominator: plan.denominator, convertedThroughProfile: throughProfile))
    }

    /// What a decode of this file makes, from its header: the checks every decode of it runs
    /// first, in this order and with these errors, whichever decoder then makes the pixels
    /// (this one, or the device's from `JPEGCoefficientReader`).
    struct Plan {
        let colourspace: Int32
        let orientation: ImageOrientation
        /// The displayed full size (orientation applied).
        let full: PixelSize
        let denominator: Int
        /// The decoded size, in the stored orientation.
        let outWidth: Int
        let outHeight: Int

        var isCMYK: Bool { colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue) }
    }

    /// The header read by TurboJPEG on `handle`, checked against the pixel limit and memory
    /// budget, with the shrink-on-load scale `options` ask for.
    static func plan(_ bytes: UnsafeRawBufferPointer, handle: tjhandle, scan: JPEGMarkerScan, options: DecodeOptions,
                     source: String) throws(ImageCodecError) -> Plan {
        let jpeg = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let jpegSize = UInt(bytes.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        // TurboJPEG 2 fails the header call on any libjpeg warning, whatever the flags (e.g.
        // "3 extraneous bytes before marker 0xdb" between header segments). The header it read
        // is complete then; a warning is an error only when warnings are.
        if tjDecompressHeader3(handle, jpeg, jpegSize, &width, &height, &subsampling, &colourspace) != 0
            && !acceptable(handle, options: options) {
            // TurboJPEG 2 names only the usual chroma layouts (4:4:4, 4:2:2, 4:2:0, gray,
            // 4:4:0, 4:1:1) and refuses the header of any other, such as Y 2x2 with Cb 2x1 and
            // Cr 1x1, which libjpeg (and so Pillow) decodes. `tjDecompress2` needs no layout:
            // the size and colours come from the frame header the marker scan read.
            guard let header = Self.headerWithoutLayout(handle, scan: scan) else {
                // A warning in the header under --fail-on warning: still "truncated" if the
                // data runs out later, as Pillow says.
                if JPEGPillowVerdict(bytes) == .truncated { throw ImageCodecError(source: source, reason: .truncated) }
                throw failure(handle, source: source)
            }
            (width, height, colourspace) = header
        }
        guard width > 0, height > 0 else { throw ImageCodecError(source: source, reason: .truncated) }
        // The marker scan checked the first frame header; this is libjpeg's own view of it.
        guard Int(width) * Int(height) <= options.maxPixels else {
            throw ImageCodecError(source: source, reason: .tooManyPixels(width: Int(width), height: Int(height),
                                                                         limit: options.maxPixels))
        }

        let orientation = options.applyOrientation ? scan.orientation : .topLeft
        let full = orientation.displayedSize(width: Int(width), height: Int(height))
        var denominator = 1
        if let minimumSize = options.minimumSize {
            let minimum = minimumSize(full.width, full.height)
            denominator = ShrinkOnLoad.denominator(width: full.width, height: full.height,
                                                   minimumWidth: minimum.width, minimumHeight: minimum.height)
        }
        let factor = tjscalingfactor(num: 1, denom: Int32(denominator))
        let outWidth = Int(gpuglitch_tjScaled(width, factor))
        let outHeight = Int(gpuglitch_tjScaled(height, factor))
        // The size it is decoded at (after shrink-on-load), against the memory budget.
        try ImageDecoder.checkMemoryBudget(width: outWidth, height: outHeight, options: options, source: source)
        return Plan(colourspace: colourspace, orientation: orientation, full: full, denominator: denominator,
                    outWidth: outWidth, outHeight: outHeight)
    }


    /// Size and colour space from the marker scan, when TurboJPEG refused the header only for
    /// a chroma layout it has no name for. Four components are Adobe CMYK or YCCK, which the
    /// CMYK pixel format decodes either way.
    private static func headerWithoutLayout(_ handle: tjhandle, scan: JPEGMarkerScan) -> (Int32, Int32, Int32)? {
        guard String(cString: tjGetErrorStr2(handle)).contains("Could not determine subsampling type"),
              scan.width > 0, scan.height > 0 else { return nil }
        let colourspace: TJCS
        switch scan.components {
        case 1: colourspace = TJCS_GRAY
        case 3: colourspace = TJCS_YCbCr
        case 4: colourspace = TJCS_CMYK
        default: return nil
        }
        return (Int32(scan.width), Int32(scan.height), Int32(colourspace.rawValue))
    }

    /// Whether a failed `tjDecompress2` produced a whole image after all: only warnings, when
    /// warnings are not errors (a cut-off file among them is `JPEGPillowVerdict`'s to refuse).
    /// The message must itself be a warning: TurboJPEG calls a fatal error that follows a
    /// warning a warning too (see `LibjpegWarning`).
    private static func acceptable(_ handle: tjhandle, options: DecodeOptions) -> Bool {
        guard !options.failOnWarnings, tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { return false }
        return LibjpegWarning.isWarning(String(cString: tjGetErrorStr2(handle)))
    }

    /// The handle's last error as a codec error: libjpeg's "Premature end of JPEG file" means
    /// the data was cut off; anything else is damage described by libjpeg's own message.
    private static func failure(_ handle: tjhandle, source: String) -> ImageCodecError {
        let message = String(cString: tjGetErrorStr2(handle))
        if message.contains(LibjpegWarning.truncation) {
            return ImageCodecError(source: source, reason: .truncated)
        }
        return ImageCodecError(source: source, reason: .corrupt(message))
    }
}
