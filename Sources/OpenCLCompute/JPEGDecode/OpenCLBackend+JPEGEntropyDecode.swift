import ComputeCore
import ImageCodecs
import ImageMaths

extension OpenCLBackend {
    /// Only the Huffman decode of a stage 2 JPEG (jpeg_huffman.cl), read back: every
    /// component's blocks in component order, as `JPEGCoefficients.Component.blocks` holds them
    /// after a stage 1 read. nil when the image has no entropy scan or the device declined it.
    /// For the check that the device's coefficients are libjpeg-turbo's.
    package func entropyDecodeJPEG(_ coefficients: JPEGCoefficients) throws -> [[Int16]]? {
        guard let entropy = coefficients.entropyScan, let layout = JPEGDecodeLayout(coefficients) else { return nil }
        var launches = KernelLaunches(input: PixelSize(width: 1, height: 1), output: PixelSize(width: 1, height: 1),
                                      device: kernelLimits)
        let scan = try launches.scratchImage(width: 1, height: 1)
        try launches.launch(JPEGDecodeKernel.huffman, global: [entropy.intervalCount],
                            preferredLocal: JPEGDecodeKernel.preferredLocalHuffman,
                            scan, KernelTable(entropy.intervals), Int32(entropy.intervalCount),
                            KernelTable(entropy.tables), KernelTable(entropy.mcuBlocks),
                            Int32(entropy.blocksPerMCU), Int32(entropy.mcusPerRow), KernelTable(layout.components),
                            launches.input)
        let settled = try settle(launches, in: runtime.builtIns)
        let upload = try pool.buffer(size: layout.uploadBytes)
        let output = try pool.buffer(size: 4)
        let scanBuffer = try pool.buffer(size: entropy.bytes.count)
        try write(byteCount: JPEGDecodeLayout.headerBytes, into: upload.buffer) { layout.writeHeader(into: $0) }
        try write(byteCount: entropy.bytes.count, into: scanBuffer.buffer) { target in
            entropy.bytes.withUnsafeBytes { target.copyMemory(from: $0) }
        }
        try enqueue(settled, images: [upload.buffer, output.buffer, scanBuffer.buffer])
        var read = [UInt8](repeating: 0, count: layout.uploadBytes)
        try read.withUnsafeMutableBytes { try self.read(upload.buffer, into: $0) }
        withExtendedLifetime((upload, output, scanBuffer)) {}
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
