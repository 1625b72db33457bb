/// GIF's entry in `ImageFormatRegistry`: read by `GIFLoader`, written by `GIFSaver`;
/// `--format keep` writes PNG (its pictures are lossless, and a GIF output would quantise).
extension ImageFormatRegistry.Entry {
    static let gif = Self(format: .gif, displayName: "GIF", extensions: ["gif"], keepOutput: .png,
                          sniff: GIFLoader.sniff, loader: GIFLoader.self, saver: GIFSaver.self)
}
