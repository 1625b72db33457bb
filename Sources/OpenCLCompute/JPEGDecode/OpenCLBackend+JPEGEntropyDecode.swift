import ComputeCore
import ImageCodecs
import ImageMaths

/// The device buffers stage 2's Huffman decode reads and keeps between its launches: the
/// scan's data (with the zero padding jpeg_huffman.cl reads past its end), the chunks' results
/// in the rounds (two halves used in turn) and their proven starts. Held until the launches
/// that use them are enqueued (the in-order queue keeps them from being handed out again
/// before those launches have run).
struct JPEGHuffmanBuffers {
    let data: PooledBuffer<CLBuffer>
    let records: PooledBuffer<CLBuffer>
    let starts: PooledBuffer<CLBuffer>
    /// In the order `recordHuffmanDecode` made their scratch slots.
    var images: [CLBuffer] { [data.buffer, records.buffer, starts.buffer] }

    /// Zero bytes after the data: jpeg_huffman.cl reads 5 bytes from any bit it decodes at.
    static let padding = 8
}

extension OpenCLBackend {
    /// Records stage 2's Huffman decode (jpeg_huffman.cl) of `entropy` into `coefficients`:
    /// `chunks.rounds` launches that find where most chunks' blocks start and one that walks
    /// each interval's chunks to prove every start (none when every interval is one chunk), then
    /// one that writes every block. Makes
    /// three scratch slots, for the buffers `huffmanBuffers` gives, in that order.
    func recordHuffmanDecode(_ entropy: JPEGEntropyScan, chunks: JPEGHuffmanChunks, components: KernelTable,
                             coefficients: KernelImage, into launches: inout KernelLaunches) throws {
        let data = try launches.scratchImage(width: 1, height: 1)
        let records = try launches.scratchImage(width: 1, height: 1)
        let starts = try launches.scratchImage(width: 1, height: 1)
        let chunkTable = KernelTable(chunks.chunks), intervals = KernelTable(chunks.intervals)
        let tables = KernelTable(entropy.tables), blocks = KernelTable(entropy.mcuBlocks)
        let count = Int32(chunks.count), blocksPerMCU = Int32(entropy.blocksPerMCU)
        for round in 0..<chunks.rounds {
            try launches.launch(JPEGDecodeKernel.huffmanSync, global: [chunks.count],
                                preferredLocal: JPEGDecodeKernel.preferredLocalHuffman,
                                data, chunkTable, count, intervals, tables, blocks, blocksPerMCU, records, Int32(round))
        }
        if chunks.rounds > 0 {
            try launches.launch(JPEGDecodeKernel.huffmanPrefix, global: [chunks.intervalCount],
                                preferredLocal: JPEGDecodeKernel.preferredLocalHuffman,
                                data, chunkTable, count, intervals, Int32(chunks.intervalCount), tables, blocks,
                                blocksPerMCU, records, Int32(chunks.rounds - 1), starts, coefficients)
        }
        try launches.launch(JPEGDecodeKernel.huffmanWrite, global: [chunks.count],
                            preferredLocal: JPEGDecodeKernel.preferredLocalHuffman,
                            data, chunkTable, count, intervals, tables, blocks, blocksPerMCU,
                            Int32(entropy.mcusPerRow), components, starts, coefficients)
    }

    /// The scan's data uploaded, and room for the chunks' results and starts (each written by
    /// a launch before any launch reads it).
    func huffmanBuffers(_ entropy: JPEGEntropyScan, chunks: JPEGHuffmanChunks) throws -> JPEGHuffmanBuffers {
        let size = entropy.bytes.count + JPEGHuffmanBuffers.padding
        let data = try pool.buffer(size: size)
        try write(byteCount: size, into: data.buffer) { target in
            entropy.bytes.withUnsafeBytes { target.copyMemory(from: $0) }
            UnsafeMutableRawBufferPointer(rebasing: target[entropy.bytes.count...]).initializeMemory(as: UInt8.self,
                                                                                                     repeating: 0)
        }
        let records = try pool.buffer(size: 2 * chunks.count * JPEGHuffmanChunks.recordInts * 4)
        let starts = try pool.buffer(size: chunks.count * JPEGHuffmanChunks.startInts * 4)
        return JPEGHuffmanBuffers(data: data, records: records, starts: starts)
    }

    /// Only the Huffman decode of a stage 2 JPEG (jpeg_huffman.cl), read back: every
    /// component's blocks in component order, as `JPEGCoefficients.hostBlockArrays()` gives them
    /// after a stage 1 read. nil when the image has no entropy scan or the device declined it.
    /// For the check that the device's coefficients are libjpeg-turbo's; `chunkBytes` and
    /// `maxRounds` cut the scan other than a decode does.
    package func entropyDecodeJPEG(_ coefficients: JPEGCoefficients,
                                   chunkBytes: Int = JPEGHuffmanChunks.defaultChunkBytes,
                                   maxRounds: Int = JPEGHuffmanChunks.maxRounds) throws -> [[Int16]]? {
        guard let entropy = coefficients.entropyScan, let layout = JPEGDecodeLayout(coefficients) else { return nil }
        var launches = KernelLaunches(input: PixelSize(width: 1, height: 1), output: PixelSize(width: 1, height: 1),
                                      device: kernelLimits)
        let chunks = JPEGHuffmanChunks(entropy, chunkBytes: chunkBytes, maxRounds: maxRounds)
        try recordHuffmanDecode(entropy, chunks: chunks, components: KernelTable(layout.components),
                                coefficients: launches.input, into: &launches)
        let settled = try settle(launches, in: runtime.builtIns)
        let upload = try pool.buffer(size: layout.uploadBytes)
        let output = try pool.buffer(size: 4)
        try write(byteCount: JPEGDecodeLayout.headerBytes, into: upload.buffer) { layout.writeHeader(into: $0) }
        let huffman = try huffmanBuffers(entropy, chunks: chunks)
        try enqueue(settled, images: [upload.buffer, output.buffer] + huffman.images)
        var read = [UInt8](repeating: 0, count: layout.uploadBytes)
        try read.withUnsafeMutableBytes { try self.read(upload.buffer, into: $0) }
        withExtendedLifetime((upload, output, huffman)) {}
        let flag = read.withUnsafeBytes { $0.load(as: Int32.self) }
        guard flag == 0 else { return nil }
        var offset = JPEGDecodeLayout.headerBytes
        return coefficients.components.map { component in
            let count = component.widthInBlocks * component.heightInBlocks * 64
            defer { offset += count * 2 }
            return read.withUnsafeBytes { bytes in
                Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count * 2]).bindMemory(to: Int16.self))
            }
        }
    }
}
