import CTurboJPEG

/// Writes JPEGs of any layout libjpeg-turbo makes: every component's sampling factors,
/// progressive or not, restart intervals, grayscale. The device decoder's exactness tests and
/// fuzz target make their files with it (`EncodeStep` writes only the layouts Pillow's `save`
/// offers, through `JPEGEncoder`).
package enum JPEGLayoutWriter {
    /// `sampling`: horizontal and vertical factors of Y, Cb and Cr (only Y's for `grayscale`).
    /// `restartRows`: a restart marker every that many MCU rows (0: none).
    package static func write(_ image: HostImage, quality: Int = 90, sampling: [(Int, Int)] = [(2, 2), (1, 1), (1, 1)],
                              progressive: Bool = false, restartRows: Int = 0,
                              grayscale: Bool = false) throws(ImageCodecError) -> [UInt8] {
        var factors = [Int32](repeating: 1, count: 6)
        for (index, factor) in sampling.prefix(3).enumerated() {
            factors[2 * index] = Int32(factor.0)
            factors[2 * index + 1] = Int32(factor.1)
        }
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                gpuglitch_jpeg_compress_layout(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(quality),
                                               factors, progressive ? 1 : 0, 0, Int32(restartRows), grayscale ? 1 : 0,
                                               &jpeg, &size, text.baseAddress)
            }
        }
        defer { free(jpeg) }
        guard status == 0, let jpeg else {
            let text = CLibraryMessage.text(message)
            throw ImageCodecError(source: "JPEGLayoutWriter", reason: .corrupt("libjpeg: " + text))
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: size))
    }
}
