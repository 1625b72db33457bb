import CTurboJPEG

/// Rewrites a JPEG's coefficients, as `jpegtran -scans` does, into a sequential file with one
/// scan a component: the layout in which libjpeg asks for each component's rows in a scan of
/// its own. `JPEGHostBlocks`' tests need such files, and no setting of `JPEGLayoutWriter` makes
/// them.
package enum JPEGScanRewriter {
    package static func scanPerComponent(_ file: [UInt8]) throws(ImageCodecError) -> [UInt8] {
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let status = file.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gpuglitch_jpeg_rewrite_scan_per_component(bytes.baseAddress, bytes.count, &jpeg, &size, text.baseAddress)
            }
        }
        defer { free(jpeg) }
        guard status == 0, let jpeg else {
            let text = CLibraryMessage.text(message)
            throw ImageCodecError(source: "JPEGScanRewriter", reason: .corrupt("libjpeg: " + text))
        }
        return Array(UnsafeBufferPointer(start: jpeg, count: size))
    }
}
