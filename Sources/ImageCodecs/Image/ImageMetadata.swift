/// What an image carries besides its pixels, as its decoder found it: libvips keeps these in
/// the image header and each saver writes what its format can hold; so does this package.
///
/// Steps pass it on with the pixels (a conversion to sRGB drops the profile it converted
/// from), and an encoder writes from it, so nothing travels beside the image in closures.
public struct ImageMetadata: Sendable, Equatable {
    /// The embedded ICC colour profile (when `DecodeOptions.readsICCProfile` asked for it).
    public var iccProfile: [UInt8]?
    /// The EXIF block as TIFF-structured bytes (from the byte-order mark on), when read.
    public var exif: [UInt8]?
    /// The XMP packet, when read.
    public var xmp: [UInt8]?
    /// IPTC-IIM records (what a JPEG's Photoshop resource 0x0404 holds), when read.
    public var iptc: [UInt8]?
    /// The orientation the file declared, whether or not it was applied.
    public var orientation: ImageOrientation
    /// Whether the pixels were turned upright by `orientation` on decode, so that an output
    /// must not declare it again.
    public var orientationApplied: Bool

    public init(iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil, iptc: [UInt8]? = nil,
                orientation: ImageOrientation = .topLeft, orientationApplied: Bool = false) {
        self.iccProfile = iccProfile
        self.exif = exif
        self.xmp = xmp
        self.iptc = iptc
        self.orientation = orientation
        self.orientationApplied = orientationApplied
    }
}
