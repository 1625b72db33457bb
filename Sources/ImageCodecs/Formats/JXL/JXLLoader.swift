import CJXL

/// JPEG XL through libjxl 0.7 (Debian 12), codestream or container: the first (coalesced)
/// frame as 8-bit RGBA, grey expanded to RGB, alpha unpremultiplied, the stored pixels turned
/// as the codestream's orientation says (when asked), and the file's ICC profile read (and
/// its `Exif` and `xml ` boxes, when asked).
///
/// A lossy file is coded in XYB, which libjxl turns into sRGB itself (it has no colour
/// management): when the original colour space was not sRGB, the pixels are sRGB and the
/// profile no longer describes them, so the decode reports them converted (`DecodeFacts`)
/// and the image carries none. A lossless file's pixels are in its own colour space, with its
/// profile.
///
/// libjxl reports no reason for a failure: a damaged file is `.corrupt` with the stage that
/// failed, and one that ends early `.truncated` (libjxl asks for more input than there is).
struct JXLLoader: ImageLoader {
    private let file: [UInt8]
    private let source: String
    let header: ImageHeader

    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError) {
        header = try file.withTypedBytes { bytes throws(ImageCodecError) in
            try JXLDecoderSession(bytes, source: source).readHeader()
        }.checkedSides(source: source)
        self.file = file
        self.source = source
    }

    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage {
        let (header, source) = (header, source)
        return try file.withTypedBytes { bytes throws(ImageCodecError) in
            let session = try JXLDecoderSession(bytes, source: source)
            let (image, converted) = try session.decodePixels(header: header, options: options)
            var decoded = Self.finish(image, header: header, options: options, opaque: false)
            decoded.facts.convertedThroughProfile = converted
            return decoded
        }
    }

    /// The container's `Exif` and `xml ` boxes (`JXLContainerBoxes`); a bare codestream has none.
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        JXLContainerBoxes.blocks(in: bytes, wanted: wanted)
    }

    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let session = try? JXLDecoderSession(bytes, source: "") else { return nil }
        return session.originalProfile()
    }
}
