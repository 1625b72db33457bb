import ComputeCore
import ImageCodecs
import ImageMaths

extension OpenCLBackend {
    /// A CPU device (POCL), or a GPU as far as kernels are told (`kernelsSeeACPU`).
    package var runsOnCPU: Bool { kernelLimits.isCPU }

    /// Makes a JPEG's RGBA pixels from its coefficients on this device (jpeg_idct.cl, then
    /// jpeg_colour.cl), left resident for the steps after: one upload of coefficients, the
    /// planes of samples in a scratch buffer. The one wait is the read of the kernels' 4-byte
    /// flag, which says whether a block left the range where this decode is exact on every
    /// machine (jpeg_idct.cl): then this returns nil and the caller decodes on the host.
    ///
    /// With `coefficients.entropyScan` (issue 35 stage 2) the upload is the file's scan
    /// instead, and jpeg_huffman.cl decodes it into the coefficients first, the scan cut into
    /// chunks decoded side by side; its flag says the stream was not clean or the chunks did not
    /// settle (the host decodes it then too).
    package func decodeJPEG(_ coefficients: JPEGCoefficients) throws -> PipelineImage? {
        guard let layout = JPEGDecodeLayout(coefficients) else { return nil }
        let displayed = coefficients.orientation.displayedSize(width: coefficients.width, height: coefficients.height)
        var launches = KernelLaunches(input: PixelSize(width: coefficients.width, height: coefficients.height),
                                      output: displayed, device: kernelLimits)
        let planes = try launches.scratchImage(width: 1, height: 1)
        let componentTable = KernelTable(layout.components)
        let entropy = coefficients.entropyScan
        let chunks = entropy.map { JPEGHuffmanChunks($0) }
        if let entropy, let chunks {
            try recordHuffmanDecode(entropy, chunks: chunks, components: componentTable,
                                    coefficients: launches.input, into: &launches)
        }
        try launches.launch(JPEGDecodeKernel.idct, global: [layout.blockCount],
                            preferredLocal: JPEGDecodeKernel.preferredLocalIDCT,
                            launches.input, Int32(layout.blockCount), componentTable,
                            Int32(coefficients.components.count), KernelTable(layout.quant), planes)
        try launches.launch(JPEGDecodeKernel.colour, global: [displayed.width, displayed.height],
                            preferredLocal: OpenCLBuiltInKernel.preferredLocal2D,
                            planes, componentTable, coefficients.colourSpace.rawValue, Int32(coefficients.width),
                            Int32(coefficients.height), Int32(coefficients.orientation.rawValue), launches.output,
                            Int32(displayed.width), Int32(displayed.height))
        let settled = try settle(launches, in: runtime.builtIns)

        let upload = try pool.buffer(size: layout.uploadBytes)
        let samples = try pool.buffer(size: layout.planeBytes)
        let target = try pool.buffer(size: displayed.width * displayed.height * 4)
        var images = [upload.buffer, target.buffer, samples.buffer]
        var huffman: JPEGHuffmanBuffers? = nil
        if let entropy, let chunks {
            // Only the header: the kernels write every block.
            try write(byteCount: JPEGDecodeLayout.headerBytes, into: upload.buffer) { layout.writeHeader(into: $0) }
            let buffers = try huffmanBuffers(entropy, chunks: chunks)
            transfers.recordUpload(bytes: JPEGDecodeLayout.headerBytes + entropy.bytes.count + JPEGHuffmanBuffers.padding)
            images += buffers.images
            huffman = buffers
        } else {
            var written = false
            try write(byteCount: layout.uploadBytes, into: upload.buffer) { written = layout.writeUpload(of: coefficients, into: $0) }
            guard written else { return nil }
            transfers.recordUpload(bytes: layout.uploadBytes)
        }
        try enqueue(settled, images: images)
        var flag: Int32 = 0
        try withUnsafeMutableBytes(of: &flag) { try read(upload.buffer, into: $0) }
        withExtendedLifetime((upload, samples, huffman)) {}
        guard flag == 0 else { return nil }
        return .device(DeviceImage(width: displayed.width, height: displayed.height, isOpaque: true, backend: self,
                                   storage: target))
    }
}
