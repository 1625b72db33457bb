/// Which PNG decoder `PNGLoader` uses (`DecodeOptions.pngDecodePath`). Internal: callers
/// always get `.automatic`; tests pick the others to compare the two decoders in one process.
enum PNGDecodePath: Sendable {
    /// `PNGFastDecoder` where it takes the file, libpng (`PNGDecoder`) otherwise.
    case automatic
    /// libpng only, as before the fast path existed.
    case libpng
    /// `PNGFastDecoder` only: a file it declines fails with `.corrupt("PNG fast path
    /// declined: <reason>")`, so a test can tell that the fast path really decoded it.
    case fastPathOnly
}
