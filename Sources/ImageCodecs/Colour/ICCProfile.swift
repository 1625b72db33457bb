/// The ICC colour profile embedded in an image (PNG `iCCP`, JPEG APP2 `ICC_PROFILE` segments,
/// WebP `ICCP`, ...), read from an input (each format's loader finds it) and written into an
/// output (each format's saver writes `ImageMetadata.iccProfile`), so that a thumbnail of a
/// Display P3 or Adobe RGB photo shows its colours as the original does in a colour-managed viewer. The
/// profile is carried as bytes; nothing is converted.
package enum ICCProfile {
    /// The largest profile accepted (a real one is a few KB; 16 MiB bounds a hostile file).
    static let maximumBytes = 16 << 20

    /// The profile of an encoded image of any format read, or nil when it has none (or a damaged one).
    package static func read(from bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBytes { b in
            guard case .format(let format) = ImageFormatRegistry.sniff(b) else { return nil }
            return ImageFormatRegistry.entry(for: format).loader.iccProfile(in: b)
        }
    }
}
