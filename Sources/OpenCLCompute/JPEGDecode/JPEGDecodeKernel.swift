import ComputeCore

/// The kernels of jpeg_idct.cl and jpeg_colour.cl (beside this file), declared as typed
/// `KernelFunction`s like the other built-in passes, so their launches take the one launch
/// path (`OpenCLBackend.settle`, then `enqueue(_:images:)`).
enum JPEGDecodeKernel {
    /// `buffer (flag + coefficients), blockCount, components, componentCount, quant, planes`:
    /// one work-item per block.
    static let idct = KernelFunction<KernelImage, Int32, KernelTable, Int32, KernelTable, KernelImage>("jpeg_idct")
    /// `planes, components, colourSpace, storedWidth, storedHeight, orientation, dst, dstWidth,
    /// dstHeight`: one work-item per output pixel.
    static let colour = KernelFunction<KernelImage, KernelTable, Int32, Int32, Int32, Int32, KernelImage, Int32,
                                       Int32>("jpeg_colour")
    /// `data, chunks, chunkCount, intervals, tables, mcuBlocks, blocksPerMCU, records, round`
    /// (jpeg_huffman.cl): one round of finding where each chunk's blocks start, one work-item
    /// per chunk (`JPEGHuffmanChunks`).
    static let huffmanSync = KernelFunction<KernelImage, KernelTable, Int32, KernelTable, KernelTable, KernelTable,
                                            Int32, KernelImage, Int32>("jpeg_huffman_sync")
    /// `data, chunks, chunkCount, intervals, intervalCount, tables, mcuBlocks, blocksPerMCU,
    /// records, lastRound, starts, buffer (flag + coefficients)`: each chunk's proven start,
    /// one work-item per restart interval.
    static let huffmanPrefix = KernelFunction<KernelImage, KernelTable, Int32, KernelTable, Int32, KernelTable,
                                              KernelTable, Int32, KernelImage, Int32, KernelImage,
                                              KernelImage>("jpeg_huffman_prefix")
    /// `data, chunks, chunkCount, intervals, tables, mcuBlocks, blocksPerMCU, mcusPerRow,
    /// components, starts, buffer (flag + coefficients)`: every chunk's blocks decoded and
    /// written, one work-item per chunk.
    static let huffmanWrite = KernelFunction<KernelImage, KernelTable, Int32, KernelTable, KernelTable, KernelTable,
                                             Int32, Int32, KernelTable, KernelImage, KernelImage>("jpeg_huffman_write")
    /// Work-items a group of the Huffman passes prefers: chunks are independent.
    static let preferredLocalHuffman = [64]
    /// Work-items a group of the IDCT pass prefers (blocks side by side in memory).
    static let preferredLocalIDCT = [64]
}
