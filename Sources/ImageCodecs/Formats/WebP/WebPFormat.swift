/// WebP's entry in `ImageFormatRegistry`: read by `WebPLoader`, written by `WebPCodec`.
extension ImageFormatRegistry.Entry {
    static let webp = Self(format: .webp, displayName: "WebP", extensions: ["webp"], keepOutput: .webp,
                           sniff: { ImageFormat.isWebP($0) ? .format(.webp) : .unrecognised },
                           loader: WebPLoader.self, saver: WebPCodec.self)
}

extension ImageFormat {
    /// A WebP file: `RIFF`, a 4-byte size, `WEBP`.
    static func isWebP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 12 && bytes.prefix(4).elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
    }
}
