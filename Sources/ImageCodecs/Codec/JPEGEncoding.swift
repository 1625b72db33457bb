/// How a JPEG output is coded, beyond its quality: the options of Pillow's `save` of the same
/// names. Progressive and optimised tables change only the coding (the file decodes to the
/// same pixels); the chroma subsampling changes the pixels. The default is what gpuglitch
/// always wrote: baseline, 4:2:0, libjpeg's standard Huffman tables.
public struct JPEGEncoding: Sendable, Hashable {
    /// A progressive file (SOF2, libjpeg's `jpeg_simple_progression`), as Pillow's
    /// `progressive=True`; libjpeg optimises a progressive file's Huffman tables whatever
    /// `optimizesHuffmanTables` says.
    public var progressive: Bool
    /// How the two chroma planes are sampled against luma.
    public var subsampling: JPEGSubsampling
    /// Huffman tables made for this image (a second pass over the coefficients), as Pillow's
    /// `optimize=True`: a smaller file with the same pixels.
    public var optimizesHuffmanTables: Bool

    public init(progressive: Bool = false, subsampling: JPEGSubsampling = .s420, optimizesHuffmanTables: Bool = false) {
        self.progressive = progressive
        self.subsampling = subsampling
        self.optimizesHuffmanTables = optimizesHuffmanTables
    }
}

/// JPEG chroma subsampling (`--jpeg-subsampling`), named as Pillow's `subsampling` names it.
public enum JPEGSubsampling: String, Sendable, Hashable, CaseIterable {
    /// Full-resolution chroma: for graphics, text and sharp colour edges.
    case s444 = "4:4:4"
    /// Chroma halved horizontally.
    case s422 = "4:2:2"
    /// Chroma halved both ways: the smallest files, and the default.
    case s420 = "4:2:0"

    /// Luma's sampling factors (horizontal, vertical) against chroma's 1×1, as the SOF holds them.
    package var lumaSamplingFactors: (horizontal: Int, vertical: Int) {
        switch self {
        case .s444: (1, 1)
        case .s422: (2, 1)
        case .s420: (2, 2)
        }
    }
}
