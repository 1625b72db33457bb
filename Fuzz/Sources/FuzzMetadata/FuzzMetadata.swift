import FuzzSupport
@testable import ImageCodecs

/// The metadata readers, each on bytes of its own: the EXIF block (orientation), XMP
/// (`tiff:Orientation`), ImageMagick's raw EXIF profile text, the PNG text chunks (tEXt,
/// zTXt, iTXt, as the chunk scan hands them over), the ICC profile readers of PNG, JPEG,
/// WebP and GIF, the HEIF/AVIF `Exif` item payload, JPEG XL container boxes, a TIFF's directory
/// made an EXIF block, and the HEIF and AVIF item readers (libheif, libavif). The first byte
/// picks the reader.
///
/// Checked: a profile saved with a PNG, a JPEG, a WebP and an AVIF is read back unchanged, and
/// with a GIF when its header states its size (else it is read back as none); one
/// saved with a lossless JPEG XL converts colours as the saved one does (libjxl gives back its
/// own bytes for a profile it recognises); what the item, box and TIFF readers find lies in
/// the input and is a block the EXIF rewriter can take or refuse without a trap.
@_cdecl("FuzzMetadata_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let reader = input.byte() % 10
        let data = input.rest()
        switch reader {
        case 0:
            _ = data.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
        case 1:
            _ = data.withUnsafeBytes { MetadataOrientation.xmpOrientation(in: $0) }
        case 2:
            if let exif = MetadataOrientation.rawProfileBytes(data) {
                _ = exif.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
            }
        case 3:
            readTextChunk(data)
        case 4:
            _ = ICCProfile.read(from: PNGChecksums.fixed(data))
            _ = data.withUnsafeBytes { JPEGColourProfile.read($0) }
            _ = data.withUnsafeBytes { WebPColourProfile.read($0) }
            _ = data.withUnsafeBytes { GIFColourProfile.read($0) }
        case 5:
            checkProfileRoundTrip(data)
        case 6:
            for tiff in [ExifItemPayload.tiffStructure(ofItem: data), ExifItemPayload.firstTIFFStructure(in: data)] {
                guard let tiff else { continue }
                FuzzDriver.require(tiff.count <= data.count, "an Exif item's TIFF structure larger than the item")
                _ = try? ExifRewriter.rewrite(tiff, changes: ExifRewriter.Changes(uprightOrientation: true, pixelSize: (16, 12)))
            }
        case 7:
            let blocks = data.withUnsafeBytes { JXLContainerBoxes.blocks(in: $0, wanted: .all) }
            FuzzDriver.require((blocks.exif?.count ?? 0) <= data.count && (blocks.xmp?.count ?? 0) <= data.count,
                               "a JPEG XL box larger than the file")
            if let exif = blocks.exif { _ = try? ExifRewriter.rewrite(exif, changes: ExifRewriter.Changes(uprightOrientation: true)) }
        case 8:
            if let exif = TIFFExifBlock.block(fromTIFF: data) {
                // A block made from a TIFF's directory is one the rewriter follows.
                FuzzDriver.require((try? ExifRewriter.rewrite(exif, changes: ExifRewriter.Changes(uprightOrientation: true))) != nil,
                                   "a TIFF's EXIF block the rewriter refuses")
            }
        default:
            let blocks = data.withUnsafeBytes { bytes in
                [HEIFLoader.metadataBlocks(in: bytes, wanted: .all), AVIFLoader.metadataBlocks(in: bytes, wanted: .all)]
            }
            for found in blocks {
                FuzzDriver.require((found.exif?.count ?? 0) <= data.count && (found.xmp?.count ?? 0) <= data.count,
                                   "a HEIF/AVIF item larger than the file")
            }
        }
    }
}

/// A text chunk's data; the chunk type is the first byte's pick.
private func readTextChunk(_ data: [UInt8]) {
    guard let first = data.first else { return }
    let type = [PNGChunk.text, PNGChunk.compressedText, PNGChunk.internationalText][Int(first % 3)]
    guard let chunk = data.dropFirst().withUnsafeBytes({ PNGTextChunk(type: type, data: $0) }) else { return }
    FuzzDriver.require(chunk.text.count <= max(data.count, PNGTextChunk.maximumTextBytes), "text past its limit")
    if chunk.keyword == PNGTextChunk.rawExifProfile, let exif = MetadataOrientation.rawProfileBytes(chunk.text) {
        _ = exif.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
    } else {
        _ = chunk.text.withUnsafeBytes { MetadataOrientation.xmpOrientation(in: $0) }
    }
}

/// A small image to save with a profile.
private let carrier = HostImage(width: 3, height: 2, computedPixels: (0..<24).map { UInt8($0 * 10) })

private func checkProfileRoundTrip(_ profile: [UInt8]) {
    guard !profile.isEmpty else { return }
    // Not JPEG XL: libjxl stores a profile it recognises (sRGB, Display P3, ...) as a colour
    // encoding and gives back its own bytes for it (docs/SPEC.md §6.3), so its round trip is
    // not byte for byte. GIF: its own rule, below.
    for format in ImageFormat.allCases where format.isWritable && format != .jxl && format != .gif {
        guard let saved = try? ImageEncoder.encode(carrier, metadata: ImageMetadata(iccProfile: profile), as: format)
        else { continue }
        FuzzDriver.require(ICCProfile.read(from: saved) == profile,
                           "\(format): a \(profile.count)-byte profile is not read back as saved")
    }
    checkGIFProfileRoundTrip(profile)
    if profile.count >= 128 {
        // The same bytes with their size written into the header, as every real profile has it.
        var stated = profile
        for k in 0..<4 { stated[k] = UInt8(truncatingIfNeeded: profile.count >> (24 - 8 * k)) }
        checkGIFProfileRoundTrip(stated)
    }
    checkJXLProfileColours(profile)
}

/// GIF: the ICCRGBG1012 extension's sub-blocks carry no total, so the loader keeps a profile
/// only when it is at least an ICC header (128 bytes) that states the profile's size (bytes
/// 0...3, big-endian); such a profile comes back whole, any other as none.
private func checkGIFProfileRoundTrip(_ profile: [UInt8]) {
    guard let saved = try? ImageEncoder.encode(carrier, metadata: ImageMetadata(iccProfile: profile), as: .gif) else {
        return
    }
    let stated = profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    let kept = profile.count >= 128 && stated == profile.count && profile.count <= ICCProfile.maximumBytes
    FuzzDriver.require(ICCProfile.read(from: saved) == (kept ? profile : nil),
                       "gif: a \(profile.count)-byte profile stating \(stated) bytes is \(kept ? "not read back as saved" : "read back")")
}

/// JPEG XL: the read profile converts the carrier's colours as the saved one does (within
/// lcms2's table rounding), for a profile lcms2 can use on RGB pixels.
private func checkJXLProfileColours(_ profile: [UInt8]) {
    guard let saved = (try? ColourTransform.toSRGB(from: profile)), saved.input == .rgb,
          let file = try? ImageEncoder.encode(carrier, metadata: ImageMetadata(iccProfile: profile), as: .jxl,
                                              options: EncodeOptions(lossless: true, keep: .icc)) else { return }
    guard let read = ICCProfile.read(from: file), let back = try? ColourTransform.toSRGB(from: read) else {
        FuzzDriver.require(false, "jxl: a profile lcms2 uses is not read back as one")
        return
    }
    var viaSaved = carrier, viaRead = carrier
    saved.apply(to: &viaSaved)
    back.apply(to: &viaRead)
    let worst = zip(viaSaved.pixels, viaRead.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    FuzzDriver.require(worst <= 1, "jxl: the read profile converts colours \(worst) levels away from the saved one")
}
