/// How `ImageEncoder` writes: the settings of every writable format in one value (each format
/// reads its own), like `DecodeOptions` for reading.
public struct EncodeOptions: Sendable, Equatable {
    /// JPEG and lossy WebP quality, 1...100 (JPEG refuses anything else).
    public var quality: Int
    /// WebP only: lossless, every pixel kept exactly (the colour under fully transparent pixels
    /// too), so its pixels equal the PNG's.
    public var lossless: Bool
    /// PNG only: how hard libdeflate compresses.
    public var pngCompression: PNGCompression
    /// Which of the image's metadata blocks are written into the file, where its format holds
    /// them (`MetadataKeep`); `.icc`, the default, writes the colour profile alone.
    public var keep: MetadataKeep
    /// JPEG only: progressive, chroma subsampling, optimised Huffman tables.
    public var jpeg: JPEGEncoding
    /// WebP only: libwebp's `method`, 0 (fastest) ... 6 (smallest file), lossy and lossless.
    /// For lossless WebP it changes only the coding: the pixels are exact at every effort.
    public var webpEffort: Int

    /// libwebp's own default `method`, and Pillow's: what gpuglitch always wrote.
    public static let defaultWebPEffort = 4
    /// The efforts libwebp knows.
    public static let webpEfforts = 0...6

    public init(quality: Int = 90, lossless: Bool = false, pngCompression: PNGCompression = .standard,
                keep: MetadataKeep = .icc, jpeg: JPEGEncoding = JPEGEncoding(),
                webpEffort: Int = EncodeOptions.defaultWebPEffort) {
        self.quality = quality
        self.lossless = lossless
        self.pngCompression = pngCompression
        self.keep = keep
        self.jpeg = jpeg
        self.webpEffort = webpEffort
    }
}
