import FuzzSupport
@testable import ImageCodecs

/// The EXIF rewriter (`ExifRewriter`) and the metadata block readers of JPEG, PNG and WebP on
/// bytes of their own; the first byte picks which.
///
/// Checked for every block the rewriter accepts: its output is a fixed point (rewriting it
/// again gives the same bytes), has no IFD1 and says Orientation 1 where it has one; and a
/// block saved with a JPEG, a PNG and a WebP is read back as that rewrite for the file's size.
@_cdecl("FuzzExifRewrite_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    FuzzDriver.run(argc, argv) { bytes in
        var input = FuzzInput(bytes)
        let pick = input.byte() % 4
        let data = input.rest()
        switch pick {
        case 0, 1:
            checkRewrite(data, saving: pick == 1)
        case 2:
            _ = XMPPacketRewriter.rewrite(data, uprightOrientation: true, pixelSize: (3, 2))
        default:
            data.withUnsafeBytes { b in
                _ = JPEGMetadataSegments.read(b, wanted: .all)
                if b.count >= PNGChunks.afterHeader { _ = PNGMetadataChunks.read(b, wanted: .all) }
                _ = WebPMetadataChunks.read(b, wanted: .all)
            }
        }
    }
}

/// A small image to save with a block.
private let carrier = HostImage(width: 3, height: 2, computedPixels: (0..<24).map { UInt8($0 * 10) })

private func checkRewrite(_ block: [UInt8], saving: Bool) {
    let changes = ExifRewriter.Changes(uprightOrientation: true, pixelSize: (3, 2))
    guard let once = try? ExifRewriter.rewrite(block, changes: changes) else { return }
    guard let twice = try? ExifRewriter.rewrite(once.bytes, changes: changes) else {
        FuzzDriver.require(false, "the rewriter refuses its own output")
        return
    }
    FuzzDriver.require(twice.bytes == once.bytes && twice.droppedEntries == 0, "the rewrite is not a fixed point")
    let orientation = once.bytes.withUnsafeBytes { ExifOrientationReader.orientation(in: $0) }
    FuzzDriver.require(orientation == nil || orientation == .topLeft, "the rewritten orientation is not 1")
    guard saving else { return }
    // The saver turns Orientation to 1 only for pixels already turned upright; otherwise the
    // block keeps the orientation it came with.
    guard let kept = try? ExifRewriter.rewrite(block, changes: ExifRewriter.Changes(uprightOrientation: false, pixelSize: (3, 2)))
    else {
        FuzzDriver.require(false, "the rewriter refuses a block only for not turning it upright")
        return
    }
    for (upright, expected) in [(true, once.bytes), (false, kept.bytes)] {
        let metadata = ImageMetadata(exif: block, orientationApplied: upright)
        for format in [ImageFormat.jpeg, .png, .webp] {
            guard let saved = try? ImageEncoder.encode(carrier, metadata: metadata, as: format,
                                                       options: EncodeOptions(keep: .exif)) else { continue }
            var options = DecodeOptions(applyOrientation: false)
            options.readsMetadata = .exif
            guard let decoded = try? ImageDecoder.decode(data: saved, source: "fuzz", options: options) else {
                FuzzDriver.require(false, "\(format): a file saved with an EXIF block does not decode")
                return
            }
            // JPEG holds at most one segment's worth.
            let fits = format != .jpeg || expected.count + 6 <= JPEGMetadataSegments.maximumPayload
            FuzzDriver.require(decoded.metadata.exif == (fits ? expected : nil),
                               "\(format): the EXIF block is not read back as written (upright: \(upright))")
        }
    }
}
