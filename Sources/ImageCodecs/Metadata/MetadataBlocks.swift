/// The EXIF, XMP and IPTC blocks of a file as its format stores them, read by a loader's
/// `metadataBlocks(in:wanted:)` before the pixels (as the ICC profile is) and only when the
/// decode asks for them.
package struct MetadataBlocks: Sendable, Equatable {
    /// TIFF-structured EXIF, from the byte-order mark on (an `Exif\0\0` prefix removed).
    package var exif: [UInt8]?
    /// The XMP packet.
    package var xmp: [UInt8]?
    /// IPTC-IIM records (the data of Photoshop resource 0x0404 in a JPEG).
    package var iptc: [UInt8]?

    package init(exif: [UInt8]? = nil, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil) {
        self.exif = exif
        self.xmp = xmp
        self.iptc = iptc
    }

    /// `"Exif\0\0"`, which JPEG's APP1 puts before the TIFF structure and some writers put in
    /// PNG eXIf chunks and WebP EXIF chunks too.
    static let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// `block` without a leading `"Exif\0\0"`; nil when nothing is left.
    static func tiffStructure<C: Collection<UInt8>>(_ block: C) -> [UInt8]? {
        let bytes = Array(block)
        let tiff = bytes.starts(with: exifPrefix) ? Array(bytes.dropFirst(exifPrefix.count)) : bytes
        return tiff.isEmpty ? nil : tiff
    }
}
