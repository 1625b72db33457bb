/// GIF's entry in `ImageFormatRegistry`: read by `GIFLoader`; `--format keep` writes PNG (its
/// pictures are lossless).
extension ImageFormatRegistry.Entry {
    static let gif = Self(format: .gif, displayName: "GIF", extensions: ["gif"], keepOutput: .png,
                          sniff: GIFLoader.sniff, loader: GIFLoader.self, saver: nil)
}
