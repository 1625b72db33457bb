import FuzzSupport
@testable import ImageCodecs

/// The metadata readers, each on bytes of its own: the EXIF block (orientation), XMP
/// (`tiff:Orientation`), ImageMagick's raw EXIF profile text, the PNG text chunks (tEXt,
/// zTXt, iTXt, as the chunk scan hands them over), and the ICC profile readers of PNG, JPEG
/// and WebP. The first byte picks the reader.
///
/// Checked: a profile saved with a PNG, a JPEG, a WebP and an AVIF is read back unchanged.
@_cdecl("FuzzMetadata_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let reader = input.byte() % 6
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
        default:
            checkProfileRoundTrip(data)
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
    // not byte for byte.
    for format in ImageFormat.allCases where format.isWritable && format != .jxl {
        guard let saved = try? ImageEncoder.encode(carrier, metadata: ImageMetadata(iccProfile: profile), as: format)
        else { continue }
        FuzzDriver.require(ICCProfile.read(from: saved) == profile,
                           "\(format): a \(profile.count)-byte profile is not read back as saved")
    }
}
