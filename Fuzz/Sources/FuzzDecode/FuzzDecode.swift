import FuzzDecodeOptions
import FuzzSupport
@testable import ImageCodecs
import ImageMaths

/// The whole decode, as a batch runs it: format detection, then every decoder (PNG fast path,
/// libpng, the Pillow repair of a lenient decode, JPEG with shrink-on-load, WebP, TIFF, GIF,
/// BMP, AVIF, HEIF), orientation, the ICC read, CMYK through its profile at decode, and the
/// `--icc srgb` conversion of the result through lcms2 (which parses the profile). The first byte picks the options (and whether PNG CRCs are
/// made to match first; `DecodeOptions(fuzzFlags:)`); the rest is the file.
///
/// Checked: the image holds width × height pixels, the source's size shrunk as the result
/// says; a PNG the fast path decodes gives libpng's bytes (below
/// 16 bits); a strict decode agrees with
/// the header read (what planning trusted) on size and orientation.
@_cdecl("FuzzDecode_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let flags = input.byte()
        let options = DecodeOptions(fuzzFlags: flags)
        let file = flags & 0x40 != 0 ? PNGChecksums.fixed(input.rest()) : input.rest()
        checkDecode(file, options: options, convertsToSRGB: flags & 0x80 != 0)
    }
}

private func checkDecode(_ file: [UInt8], options: DecodeOptions, convertsToSRGB: Bool) {
    let decoded: DecodedImage
    do {
        decoded = try ImageDecoder.decode(data: file, source: "fuzz", options: options, pngPath: .automatic)
    } catch {
        _ = error.description
        return
    }
    checkShape(decoded)
    if convertsToSRGB, let profile = decoded.metadata.iccProfile {
        checkSRGBConversion(decoded.image, profile: profile)
    }
    if options.failOnWarnings, let header = try? ImageDecoder.readHeader(data: file, source: "fuzz") {
        let stored = PixelSize(width: header.storedWidth, height: header.storedHeight)
        let expected = options.applyOrientation
            ? header.orientation.displayedSize(width: stored.width, height: stored.height) : stored
        FuzzDriver.require(expected.width == decoded.facts.sourceWidth && expected.height == decoded.facts.sourceHeight,
                           "header \(header) but decoded \(decoded.facts.sourceWidth)×\(decoded.facts.sourceHeight)")
        FuzzDriver.require(header.orientation == decoded.metadata.orientation,
                           "header orientation \(header.orientation), decoded \(decoded.metadata.orientation)")
    }
    if decoded.facts.format == .png {
        checkPNGPathsAgree(file, options: options)
    }
}

private func checkShape(_ decoded: DecodedImage) {
    let image = decoded.image
    FuzzDriver.require(image.width > 0 && image.height > 0, "empty image \(image.width)×\(image.height)")
    FuzzDriver.require(image.pixels.count == image.width * image.height * 4,
                       "\(image.pixels.count) bytes for \(image.width)×\(image.height)")
    // The source size is already oriented like the image; shrink-on-load divides it, rounding up.
    let expected = (width: (decoded.facts.sourceWidth + decoded.facts.scaleDenominator - 1) / decoded.facts.scaleDenominator,
                    height: (decoded.facts.sourceHeight + decoded.facts.scaleDenominator - 1) / decoded.facts.scaleDenominator)
    FuzzDriver.require(image.width == expected.width && image.height == expected.height,
                       "decoded \(image.width)×\(image.height), expected \(expected) for source "
                       + "\(decoded.facts.sourceWidth)×\(decoded.facts.sourceHeight) / \(decoded.facts.scaleDenominator)")
}

/// The fast path and libpng give the same pixels wherever both decode the file, below 16 bits
/// a sample (at 16, libpng's simplified API rounds where the fast path takes the high byte, as
/// Pillow does: PNGFastPathTests).
private func checkPNGPathsAgree(_ data: [UInt8], options: DecodeOptions) {
    let bitDepth = data.withUnsafeBytes { try? PNGChunkScan($0, source: "fuzz").bitDepth }
    guard let bitDepth, bitDepth < 16 else { return }
    var strict = options
    strict.failOnWarnings = true
    guard let fast = try? ImageDecoder.decode(data: data, source: "fuzz", options: strict, pngPath: .fastPathOnly),
          let libpng = try? ImageDecoder.decode(data: data, source: "fuzz", options: strict, pngPath: .libpng)
    else { return }
    FuzzDriver.require(fast.image.width == libpng.image.width && fast.image.height == libpng.image.height
                       && fast.image.pixels == libpng.image.pixels,
                       "PNG fast path and libpng differ (\(fast.image.width)×\(fast.image.height))")
}

/// A profile lcms2 accepts converts the image in place, keeping its size; one it refuses is
/// an error that describes itself (what `ConvertToSRGBImageOperation` reports).
private func checkSRGBConversion(_ image: HostImage, profile: [UInt8]) {
    let transform: ColourTransform
    do {
        transform = try ColourTransform.toSRGB(from: profile)
    } catch {
        _ = error.description
        return
    }
    guard transform.input != .cmyk else { return }   // the operation refuses it on RGBA images
    var converted = image
    transform.apply(to: &converted)
    FuzzDriver.require(converted.width == image.width && converted.height == image.height
                       && converted.pixels.count == image.pixels.count, "the sRGB conversion changed the image's shape")
}
