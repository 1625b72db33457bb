/// How `ImageEncoder` writes: the settings of every writable format in one value (each format
/// reads its own), like `DecodeOptions` for reading.
public struct EncodeOptions: Sendable, Equatable {
    /// JPEG, lossy WebP, AVIF and lossy JPEG XL quality, 1...100 (JPEG refuses anything else;
    /// AVIF and JPEG XL take 0 too).
    public var quality: Int
    /// WebP and JPEG XL: lossless, every pixel kept exactly (the colour under fully
    /// transparent pixels too), so its pixels equal the PNG's.
    public var lossless: Bool
    /// How hard the encoder works, where more is slower and smaller; nil is each format's
    /// default (`ImageFormat.efforts` gives each format's range). WebP: 0...6 (libwebp's
    /// `method`, default 4; lossless WebP keeps every pixel at every effort); AVIF: 0...10
    /// (libavif speed `10 − effort`, default 4); JPEG XL: 1...9 (cjxl's effort, default 7).
    public var effort: Int?
    /// PNG only: how hard libdeflate compresses.
    public var pngCompression: PNGCompression
    /// Which of the image's metadata blocks are written into the file, where its format holds
    /// them (`MetadataKeep`); `.icc`, the default, writes the colour profile alone.
    public var keep: MetadataKeep
    /// JPEG only: progressive, chroma subsampling, optimised Huffman tables.
    public var jpeg: JPEGEncoding

    public init(quality: Int = 90, lossless: Bool = false, pngCompression: PNGCompression = .standard,
                keep: MetadataKeep = .icc, jpeg: JPEGEncoding = JPEGEncoding(), effort: Int? = nil) {
        self.quality = quality
        self.effort = effort
        self.lossless = lossless
        self.pngCompression = pngCompression
        self.keep = keep
        self.jpeg = jpeg
    }
}
