import ComputeCore
import ImageCodecs
import ImageMaths

/// The buffers stage 2's Huffman passes read and keep between passes: the scan's bytes and
/// each interval's saved state. Held until the launches that use them are enqueued (the
/// in-order queue keeps them from being handed out again before those launches have run).
struct JPEGHuffmanBuffers {
    let scan: PooledBuffer<CLBuffer>
    let states: PooledBuffer<CLBuffer>
    /// In the order `recordHuffmanPasses` made their scratch slots.
    var images: [CLBuffer] { [scan.buffer, states.buffer] }
}

extension OpenCLBackend {
    /// Records stage 2's Huffman decode (jpeg_huffman.cl) of `entropy` into `coefficients`:
    /// `passes.count` launches of one work-item per restart interval, each going on where the
    /// one before stopped. Makes two scratch slots, the scan's and the states', for the
    /// buffers `huffmanBuffers` gives, in that order.
    func recordHuffmanPasses(_ entropy: JPEGEntropyScan, passes: JPEGHuffmanPasses, components: KernelTable,
                             coefficients: KernelImage, into launches: inout KernelLaunches) throws {
        let scan = try launches.scratchImage(width: 1, height: 1)
        let states = try launches.scratchImage(width: 1, height: 1)
        let intervals = KernelTable(entropy.intervals), tables = KernelTable(entropy.tables)
        let blocks = KernelTable(entropy.mcuBlocks)
        for pass in 0..<passes.count {
            try launches.launch(JPEGDecodeKernel.huffman, global: [entropy.intervalCount],
                                preferredLocal: JPEGDecodeKernel.preferredLocalHuffman,
                                scan, intervals, Int32(entropy.intervalCount), tables, blocks,
                                Int32(entropy.blocksPerMCU), Int32(entropy.mcusPerRow), components, coefficients,
                                states, Int32(pass), Int32(passes.count - 1), passes.workBudget)
        }
    }

    /// The passes this device decodes `entropy` in (see `JPEGHuffmanPasses`).
    func huffmanPasses(_ entropy: JPEGEntropyScan) -> JPEGHuffmanPasses {
        JPEGHuffmanPasses(entropy, loopIterationCap: runtime.loopIterationCap)
    }

    /// The scan uploaded and room for the intervals' states (written by the first pass
    /// before any pass reads them).
    func huffmanBuffers(_ entropy: JPEGEntropyScan) throws -> JPEGHuffmanBuffers {
        let scan = try pool.buffer(size: max(entropy.bytes.count, 1))
        try write(byteCount: entropy.bytes.count, into: scan.buffer) { target in
            entropy.bytes.withUnsafeBytes { target.copyMemory(from: $0) }
        }
        let states = try pool.buffer(size: entropy.intervalCount * JPEGDecodeKernel.huffmanStateInts * 4)
        return JPEGHuffmanBuffers(scan: scan, states: states)
    }

    /// Only the Huffman decode of a stage 2 JPEG (jpeg_huffman.cl), read back: every
    /// component's blocks in component order, as `JPEGCoefficients.hostBlockArrays()` gives them
    /// after a stage 1 read. nil when the image has no entropy scan or the device declined it.
    /// For the check that the device's coefficients are libjpeg-turbo's; `workBudget` forces
    /// passes of at most that much work each (nil: as this device needs).
    package func entropyDecodeJPEG(_ coefficients: JPEGCoefficients, workBudget: Int? = nil) throws -> [[Int16]]? {
        guard let entropy = coefficients.entropyScan, let layout = JPEGDecodeLayout(coefficients) else { return nil }
        var launches = KernelLaunches(input: PixelSize(width: 1, height: 1), output: PixelSize(width: 1, height: 1),
                                      device: kernelLimits)
        let passes = workBudget.map { JPEGHuffmanPasses(entropy, workBudget: $0) } ?? huffmanPasses(entropy)
        try recordHuffmanPasses(entropy, passes: passes, components: KernelTable(layout.components),
                                coefficients: launches.input, into: &launches)
        let settled = try settle(launches, in: runtime.builtIns)
        let upload = try pool.buffer(size: layout.uploadBytes)
        let output = try pool.buffer(size: 4)
        try write(byteCount: JPEGDecodeLayout.headerBytes, into: upload.buffer) { layout.writeHeader(into: $0) }
        let huffman = try huffmanBuffers(entropy)
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
