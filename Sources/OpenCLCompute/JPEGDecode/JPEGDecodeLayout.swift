import ImageCodecs

/// Where a JPEG's coefficients and samples lie in device memory, and the per-component tables
/// the kernels read (jpeg_idct.cl, jpeg_colour.cl): worked out on the host once per image.
///
/// The upload is a 16-byte header (its first `Int32` the kernels' "not exact here" flag,
/// uploaded as 0) followed by every component's blocks in component order. The samples of all
/// components share one scratch buffer, each component a plane of `widthInBlocks × size` by
/// `heightInBlocks × size` bytes starting on a 64-byte boundary.
struct JPEGDecodeLayout {
    /// Ints a component takes in `components` (the kernels' `JPEG_COMPONENT_INTS`).
    static let componentInts = 12
    /// Bytes before the first coefficient in the upload.
    static let headerBytes = 16

    /// Per component: first block, width in blocks, block count, IDCT size, plane offset, plane
    /// stride, downsampled width and height, upsampling method, horizontal and vertical
    /// replication, 0.
    let components: [Int32]
    /// 64 a component: the quantisation values as libjpeg's 16-bit signed `dct_table` holds them.
    let quant: [Int32]
    let blockCount: Int
    let planeBytes: Int
    let uploadBytes: Int

    /// nil when an offset or count does not fit the kernels' 32-bit ints (a picture past what
    /// `--max-pixels` allows by default; the host decodes it).
    init?(_ coefficients: JPEGCoefficients) {
        var components: [Int32] = [], quant: [Int32] = []
        var firstBlock = 0, planeOffset = 0
        for component in coefficients.components {
            let size = component.idctSize
            let stride = component.widthInBlocks * size
            let blocks = component.widthInBlocks * component.heightInBlocks
            let values = [firstBlock, component.widthInBlocks, blocks, size, planeOffset, stride,
                          component.downsampledWidth, component.downsampledHeight,
                          Int(component.upsampling.rawValue), component.horizontalExpansion,
                          component.verticalExpansion, 0]
            guard values.allSatisfy({ Int32(exactly: $0) != nil }) else { return nil }
            components += values.map { Int32($0) }
            quant += component.quantTable.map { Int32(Int16(bitPattern: $0)) }
            firstBlock += blocks
            planeOffset += (stride * component.heightInBlocks * size + 63) / 64 * 64
        }
        guard Int32(exactly: planeOffset) != nil, Int32(exactly: firstBlock * 64) != nil,
              Int32(exactly: coefficients.width) != nil, Int32(exactly: coefficients.height) != nil else { return nil }
        self.components = components
        self.quant = quant
        blockCount = firstBlock
        planeBytes = max(planeOffset, 64)
        uploadBytes = Self.headerBytes + firstBlock * 64 * 2
    }

    /// Writes the zeroed header into `bytes` (`headerBytes` long): all of the upload when the
    /// device decodes the blocks itself (stage 2).
    func writeHeader(into bytes: UnsafeMutableRawBufferPointer) {
        bytes.baseAddress!.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headerBytes)
    }

    /// Writes the upload into `bytes` (`uploadBytes` long): the zeroed header, then the blocks,
    /// which libjpeg-turbo may entropy-decode only now, straight into `bytes`
    /// (`JPEGHostBlocks`). False when it stops on the stream or warns: the host decodes the file.
    func writeUpload(of coefficients: JPEGCoefficients, into bytes: UnsafeMutableRawBufferPointer) -> Bool {
        writeHeader(into: bytes)
        guard let blocks = coefficients.hostBlocks, blocks.blockCount == blockCount else { return false }
        return blocks.write(into: UnsafeMutableRawBufferPointer(rebasing: bytes[Self.headerBytes..<uploadBytes]))
    }
}
