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
    /// `scan, intervals, intervalCount, tables, mcuBlocks, blocksPerMCU, mcusPerRow,
    /// components, buffer (flag + coefficients), states, pass, lastPass, workBudget`
    /// (jpeg_huffman.cl): one work-item per restart interval, in passes (`JPEGHuffmanPasses`).
    static let huffman = KernelFunction<KernelImage, KernelTable, Int32, KernelTable, KernelTable, Int32, Int32,
                                        KernelTable, KernelImage, KernelImage, Int32, Int32, Int32>("jpeg_huffman")
    /// `Int32`s an interval's saved state takes between passes (jpeg_huffman.cl's
    /// `JPEG_HUFF_STATE_INTS`).
    static let huffmanStateInts = 10
    /// Work-items a group of the Huffman pass prefers: intervals are independent, and a file
    /// has few of them.
    static let preferredLocalHuffman = [32]
    /// Work-items a group of the IDCT pass prefers (blocks side by side in memory).
    static let preferredLocalIDCT = [64]
}
