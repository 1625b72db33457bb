/// How hard the PNG encoder compresses. Both give standard PNG files that any reader opens.
public enum PNGCompression: String, Sendable, CaseIterable, Codable {
    /// libpng's defaults: adaptive row filters and zlib level 6, the same trade-off as Pillow's
    /// default `save(..., "PNG")`.
    case standard
    /// libpng's `PNG_IMAGE_FLAG_FAST`: no row filters and zlib level 3. Several times faster to
    /// write; photos come out markedly larger (filters matter for them). For intermediate files.
    case fast
}
