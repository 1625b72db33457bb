import CTIFF

/// TIFF through libtiff 4.5: the first page (strips or tiles, contiguous or planar, either byte
/// order; none, LZW, deflate, PackBits, JPEG, CCITT G3/G4), converted to RGBA as Pillow 13 does
/// (`TIFFPixelConverter`), with the Orientation tag applied as Pillow's `exif_transpose` does
/// and the ICC profile tag read.
///
/// libtiff's messages never reach stderr (`TIFFHandle`). A strip or tile libtiff cannot read
/// fails the decode; the messages it gives while reading pixel data and going on (damaged fax
/// rows, a JPEG smaller than its strip, damaged compressed data it recovers from) fail it only
/// when `failOnWarnings` is on, as Pillow, which never looks at them, reads such files; warnings
/// about the directory (unknown tags, which are common and harmless) never do.
struct TIFFLoader: ReopeningImageLoader {
    let file: [UInt8]
    let source: String
    let header: ImageHeader

    static let sniff: @Sendable (UnsafeRawBufferPointer) -> ImageFormat.SniffResult = { b in
        // "II*\0" or "MM\0*"; BigTIFF has 43 (`+`) for 42.
        for signature: [UInt8] in [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
                                   [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]] {
            let result = ImageFormat.tiff.matchPrefix(signature, of: b)
            if result != .unrecognised { return b.count >= 2 ? result : .unrecognised }
        }
        return .unrecognised
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) -> ImageHeader {
        let file = try TIFFHandle(bytes, source: source)
        let layout = try TIFFLayout(file)
        return ImageHeader(format: .tiff, storedWidth: layout.width, storedHeight: layout.height,
                           orientation: layout.orientation)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, options: DecodeOptions,
                               source: String) throws(ImageCodecError) -> DecodedImage {
        let file = try TIFFHandle(bytes, source: source, allocationLimit: options.memoryBudget)
        let layout = try TIFFLayout(file)
        try ImageDecoder.checkMemoryBudget(width: layout.width, height: layout.height,
                                           decoderBytes: TIFFPixelConverter.workingBytes(file, layout: layout),
                                           options: options, source: source)
        let (warningsBefore, errorsBefore) = (file.warningCount, file.errorCount)
        let (pixels, opaque, throughProfile) = try TIFFPixelConverter.rgba(file, layout: layout,
                                                                           cmykTransform: options.cmykTransform)
        if options.failOnWarnings, file.errorCount > errorsBefore {
            throw file.failure("cannot read the image data")
        }
        if options.failOnWarnings, file.warningCount > warningsBefore {
            throw ImageCodecError(source: source, reason: .corrupt("libtiff: \(file.firstWarning)"))
        }
        var decoded = finish(HostImage(width: layout.width, height: layout.height, computedPixels: pixels), header: header,
                             options: options, opaque: opaque)
        decoded.facts.convertedThroughProfile = throughProfile
        return decoded
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let file = try? TIFFHandle(bytes, source: "") else { return nil }
        var count: UInt32 = 0
        var data: UnsafeMutableRawPointer?
        guard gpuglitch_tiff_get_icc(file.tif, &count, &data) != 0, let data, count > 0,
              Int(count) <= ICCProfile.maximumBytes else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }

    /// XMP (tag 700) and IPTC (tag 33723, RichTIFFIPTC) of the first page, and its EXIF:
    /// IFD0's descriptive tags with the Exif (34665) and GPS directories, made a stand-alone
    /// block (`TIFFExifBlock`).
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        if wanted.contains(.exif) { blocks.exif = TIFFExifBlock.block(fromTIFF: Array(bytes)) }
        guard wanted.contains(.xmp) || wanted.contains(.iptc), let file = try? TIFFHandle(bytes, source: "") else { return blocks }
        var count: UInt32 = 0
        var data: UnsafeMutableRawPointer?
        if wanted.contains(.xmp), gpuglitch_tiff_get_xmp(file.tif, &count, &data) != 0, let data, count > 0,
           Int(count) <= bytes.count {
            blocks.xmp = Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
        }
        data = nil
        count = 0
        if wanted.contains(.iptc), gpuglitch_tiff_get_iptc(file.tif, &count, &data) != 0, let data, count > 0,
           Int(count) <= bytes.count {
            blocks.iptc = Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
        }
        return blocks
    }
}
