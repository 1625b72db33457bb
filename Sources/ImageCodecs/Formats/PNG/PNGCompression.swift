/// How hard the PNG encoder compresses. Every setting writes the same pixels (PNG is
/// lossless) as a standard PNG any reader opens; they differ in time and size. Each row's
/// filter is chosen the same way at every setting; the setting is libdeflate's level.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// libdeflate level 6: files about the size of Pillow's and libpng's defaults (zlib
    /// level 6), written several times faster.
    case standard
    /// libdeflate level 1: faster still, files somewhat larger. For intermediate files.
    case fast
    /// libdeflate level 12, its slowest and smallest: for files written once and served often.
    case smallest

    /// The libdeflate compression level (1…12).
    var deflateLevel: Int32 {
        switch self {
        case .fast: 1
        case .standard: 6
        case .smallest: 12
        }
    }
}
