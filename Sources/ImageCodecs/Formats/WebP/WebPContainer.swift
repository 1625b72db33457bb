import CWebP

/// A walk over a WebP file's RIFF chunks (`RIFF` size `WEBP`, then chunks of a four-letter
/// code, a little-endian size and data padded to an even length): the canvas size and the
/// orientation metadata, read before libwebp decodes anything.
struct WebPContainer {
    var width = 0
    var height = 0
    var orientation: ImageOrientation = .topLeft
    /// An animation (the VP8X animation flag): decoded through `WebPAnimationFrames`.
    var isAnimated = false
    /// Whether libwebp says the file has alpha (VP8X's alpha flag, or an alpha channel).
    var hasAlpha = false

    /// Reads the header. Only what cannot be a WebP file is an error here; libwebp reports
    /// damage to the image data itself.
    init(_ b: UnsafeRawBufferPointer, source: String) throws(ImageCodecError) {
        guard b.count >= 30 else { throw ImageCodecError(source: source, reason: .truncated) }
        guard let size = Self.canvasSize(b) else {
            throw ImageCodecError(source: source, reason: .corrupt("not a decodable WebP header"))
        }
        width = size.width
        height = size.height
        var features = WebPBitstreamFeatures()
        if gpuglitch_WebPGetFeatures(b.baseAddress?.assumingMemoryBound(to: UInt8.self), b.count,
                                     &features) == VP8_STATUS_OK {
            isAnimated = features.has_animation != 0
            hasAlpha = features.has_alpha != 0
        }
        var metadata = MetadataOrientation()
        var at = 12
        while at + 8 <= b.count {
            let length = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
            let end = at + 8 + length
            guard length >= 0, end <= b.count else { break }
            let data = UnsafeRawBufferPointer(rebasing: b[(at + 8)..<end])
            switch (b[at], b[at + 1], b[at + 2], b[at + 3]) {
            case (0x45, 0x58, 0x49, 0x46):                      // "EXIF"
                metadata.exif = ExifOrientationReader.orientation(in: data)
            case (0x58, 0x4D, 0x50, 0x20):                      // "XMP "
                metadata.xmp = MetadataOrientation.xmpOrientation(in: data)
            default:
                break
            }
            at = end + (length & 1)
        }
        orientation = metadata.resolved
    }
}
