/// JPEG's entry in `ImageFormatRegistry`: read by `JPEGLoader`, written by `JPEGEncoder`.
extension ImageFormatRegistry.Entry {
    static let jpeg = Self(format: .jpeg, displayName: "JPEG", extensions: ["jpg", "jpeg"], keepOutput: .jpeg,
                           sniff: { ImageFormat.jpeg.matchPrefix(ImageFormat.jpegSignature, of: $0) },
                           loader: JPEGLoader.self, saver: JPEGEncoder.self)
}

extension ImageFormat {
    /// A JPEG starts with SOI (`FF D8`) followed by the first marker's `FF`.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
}
