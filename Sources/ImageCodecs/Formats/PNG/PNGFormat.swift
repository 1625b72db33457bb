/// PNG's entry in `ImageFormatRegistry`: read by `PNGLoader`, written by `PNGEncoder`.
extension ImageFormatRegistry.Entry {
    static let png = Self(format: .png, displayName: "PNG", extensions: ["png"], keepOutput: .png,
                          sniff: { ImageFormat.png.matchPrefix(ImageFormat.pngSignature, of: $0) },
                          loader: PNGLoader.self, saver: PNGEncoder.self)
}

extension ImageFormat {
    /// The PNG signature: `\x89 P N G \r \n \x1a \n`.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
