/// A format that is written: encodes an image with its metadata, libvips' `save` with
/// `write_profile_meta`. The saver writes what of `metadata` its format carries (the blocks
/// `options.keep` names) while it encodes, so nothing re-parses an encoded
/// file to add it.
package protocol ImageSaver: SendableMetatype {
    /// The encoded file. `destination` names the output in errors.
    static func encode(_ image: HostImage, metadata: ImageMetadata, options: EncodeOptions,
                       destination: String) throws(ImageCodecError) -> [UInt8]

    /// The `EncodeOptions.effort` values the format takes, or nil when it has no effort.
    static var efforts: ClosedRange<Int>? { get }
}

extension ImageSaver {
    static var efforts: ClosedRange<Int>? { nil }
}

extension ImageMetadata {
    /// The profile a saver writes: present, non-empty and no larger than
    /// `ICCProfile.maximumBytes` (a larger one is not written), and asked for.
    func profileToWrite(_ options: EncodeOptions) -> [UInt8]? {
        guard options.keep.contains(.icc), let iccProfile, !iccProfile.isEmpty,
              iccProfile.count <= ICCProfile.maximumBytes else { return nil }
        return iccProfile
    }
}

extension ImageMetadata {
    /// The EXIF, XMP and IPTC blocks a saver writes for an output of `width` × `height`, as
    /// `options.keep` asks: EXIF and XMP rewritten to describe it (`ExifRewriter`,
    /// `XMPPacketRewriter`); an EXIF block the rewriter cannot follow is not written.
    func blocksToWrite(_ options: EncodeOptions, width: Int, height: Int) -> MetadataBlocks {
        var blocks = MetadataBlocks()
        let upright = orientationApplied
        if options.keep.contains(.exif), let exif, !exif.isEmpty {
            blocks.exif = try? ExifRewriter.rewrite(exif, changes: ExifRewriter.Changes(
                uprightOrientation: upright, pixelSize: (width, height))).bytes
        }
        if options.keep.contains(.xmp), let xmp, !xmp.isEmpty {
            blocks.xmp = XMPPacketRewriter.rewrite(xmp, uprightOrientation: upright, pixelSize: (width, height))
        }
        if options.keep.contains(.iptc), let iptc, !iptc.isEmpty { blocks.iptc = iptc }
        return blocks
    }
}
