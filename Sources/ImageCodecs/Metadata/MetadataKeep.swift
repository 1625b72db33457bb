/// Which of an image's metadata blocks its outputs carry: libvips' `keep` (`none`, `exif`,
/// `xmp`, `iptc`, `icc`, `all`). The default, `.icc`, writes the colour profile and nothing
/// else, as gpuglitch always did: EXIF carries GPS positions and serial numbers, which a
/// thumbnail published on the web should not give away unless asked to.
///
/// A block is read from the input only when it is kept, so an unkept block costs nothing.
public struct MetadataKeep: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The ICC colour profile (PNG `iCCP`, JPEG APP2, WebP `ICCP`).
    public static let icc = MetadataKeep(rawValue: 1 << 0)
    /// EXIF (JPEG APP1 `Exif`, PNG `eXIf`, WebP `EXIF`, the HEIF/AVIF `Exif` item, the JPEG XL
    /// `Exif` box; a TIFF's first directory made a block), rewritten to describe the output.
    public static let exif = MetadataKeep(rawValue: 1 << 1)
    /// The XMP packet (JPEG APP1, PNG iTXt `XML:com.adobe.xmp`, WebP `XMP `, the HEIF/AVIF
    /// `mime` item of type `application/rdf+xml`, the JPEG XL `xml ` box, TIFF tag 700).
    public static let xmp = MetadataKeep(rawValue: 1 << 2)
    /// IPTC-IIM records (JPEG APP13 Photoshop resource 0x0404); only JPEG outputs hold them.
    public static let iptc = MetadataKeep(rawValue: 1 << 3)

    /// Nothing: no metadata block in the output.
    public static let none: MetadataKeep = []
    /// Every block the output format can hold.
    public static let all: MetadataKeep = [.icc, .exif, .xmp, .iptc]
}
