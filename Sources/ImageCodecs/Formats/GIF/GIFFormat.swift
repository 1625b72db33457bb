/// GIF's entry in `ImageFormatRegistry`: read by `GIFLoader`, written by `GIFSaver`;
/// `--format keep` writes GIF, as for every format written: an animation stays one (PNG output
/// would keep its first frame alone).
extension ImageFormatRegistry.Entry {
    static let gif = Self(format: .gif, displayName: "GIF", extensions: ["gif"], keepOutput: .gif,
                          sniff: GIFLoader.sniff, loader: GIFLoader.self, saver: GIFSaver.self)
}
