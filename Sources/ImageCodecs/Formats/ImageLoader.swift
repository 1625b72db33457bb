/// One file being read in one format: libvips' `is_a` / `header` / `load` on one loader object
/// (the `is_a` sniff lives in its `ImageFormatRegistry.Entry`). `init` parses the header once
/// and keeps what it parsed; `decode` reads the pixels from it. Each format has its own folder
/// under `Formats/`; adding one is that folder and one line of `ImageFormatRegistry`.
///
/// A loader owns the file's bytes (an array: no copy is made). The C libraries that read the
/// stream themselves (libtiff, libavif, libheif) are opened again by `decode` (`ReopeningImageLoader`), with the decode's
/// allocation and strictness limits, which the header read does not impose.
///
/// Every method throws only `ImageCodecError`s naming `source`; none may trap, print or abort
/// on a damaged file.
package protocol ImageLoader: SendableMetatype {
    /// Parses the header of `file` (the whole file). A file cut off before its pixel data is
    /// `.truncated`; a side outside `ImageHeader.sides` is `.corrupt`. `options` are the
    /// decode's (a header read alone passes the defaults): a PNG whose chunk list Pillow reads
    /// but the scan refuses is repaired here when warnings are not errors.
    init(_ file: consuming [UInt8], source: String, options: DecodeOptions) throws(ImageCodecError)

    /// The size, orientation (as the format carries it) and format, as `init` read them.
    var header: ImageHeader { get }

    /// The picture as 8-bit RGBA, oriented as `options.applyOrientation` says. `header` was
    /// already checked against `options.maxPixels`; the loader checks the size it decodes at
    /// against `options.memoryBudget` before allocating pixels. A loader decodes once (PNG may
    /// rewrite chunks of the file it owns in place).
    consuming func decode(options: DecodeOptions) throws(ImageCodecError) -> DecodedImage

    /// The embedded ICC profile of a file of this format, or nil when there is none (or it is
    /// damaged). Static: `ImageDecoder` reads it before the header, whatever the header says.
    static func iccProfile(in bytes: UnsafeRawBufferPointer) -> [UInt8]?

    /// The EXIF, XMP and IPTC blocks of a file of this format that `wanted` names (the ICC
    /// profile is `iccProfile(in:)`'s), as stored: not checked, never an error. Static and
    /// called only when a decode asks for them, like `iccProfile(in:)`.
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks
}

extension ImageLoader {
    /// None: the format's loader reads no EXIF, XMP or IPTC (yet).
    static func metadataBlocks(in bytes: UnsafeRawBufferPointer, wanted: MetadataKeep) -> MetadataBlocks {
        MetadataBlocks()
    }
}

extension ImageLoader {
    /// A decoded picture at full size: `stored` oriented when asked, with `header`'s facts.
    static func finish(_ stored: HostImage, header: ImageHeader, options: DecodeOptions,
                       opaque: Bool) -> DecodedImage {
        var image = stored
        if options.applyOrientation { header.orientation.apply(to: &image) }
        if opaque { image.markOpaqueByConstruction() }
        return DecodedImage(image: image,
                            metadata: ImageMetadata(orientation: header.orientation,
                                                    orientationApplied: options.applyOrientation),
                            facts: DecodeFacts(format: header.format, sourceWidth: image.width, sourceHeight: image.height))
    }
}

extension ImageHeader {
    /// `self`, refused when a side is outside `ImageHeader.sides`: planning and the memory
    /// budget trust it before any pixel is decoded (libheif reports a damaged file's size as 0;
    /// a TIFF may declare a width of 2^32 - 37).
    func checkedSides(source: String) throws(ImageCodecError) -> ImageHeader {
        guard Self.sides.contains(storedWidth), Self.sides.contains(storedHeight) else {
            throw ImageCodecError(source: source, reason: .corrupt(
                "\(format.displayName) size \(storedWidth)x\(storedHeight)"))
        }
        return self
    }
}
