/// JPEG XL's entry in `ImageFormatRegistry`: read by `JXLLoader`, written by `JXLSaver`.
extension ImageFormatRegistry.Entry {
    static let jxl = Self(format: .jxl, displayName: "JPEG XL", extensions: ["jxl"], keepOutput: .jxl,
                          sniff: ImageFormat.sniffJXL, loader: JXLLoader.self, saver: JXLSaver.self)
}

extension ImageFormat {
    /// A bare JPEG XL codestream starts `FF 0A`.
    static let jxlCodestreamSignature: [UInt8] = [0xFF, 0x0A]
    /// The ISO BMFF container starts with its 12-byte `JXL ` signature box.
    static let jxlContainerSignature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// Either signature; a file that ends inside the container's is `.truncatedSignature`.
    /// (The codestream's first byte alone is also JPEG's, which says so itself.)
    static let sniffJXL: @Sendable (UnsafeRawBufferPointer) -> SniffResult = { bytes in
        let container = ImageFormat.jxl.matchPrefix(jxlContainerSignature, of: bytes)
        if container != .unrecognised { return container }
        return bytes.count >= 2 ? ImageFormat.jxl.matchPrefix(jxlCodestreamSignature, of: bytes) : .unrecognised
    }
}
