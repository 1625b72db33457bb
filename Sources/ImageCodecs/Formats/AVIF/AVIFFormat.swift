/// AVIF's entry in `ImageFormatRegistry`: read by `AVIFLoader`, written by `AVIFSaver`;
/// `--format keep` writes AVIF, as for every format written (a user who keeps formats asked for
/// the input's; `--format jpeg` is the quicker encode).
extension ImageFormatRegistry.Entry {
    static let avif = Self(format: .avif, displayName: "AVIF", extensions: ["avif"], keepOutput: .avif,
                           sniff: AVIFLoader.sniff, loader: AVIFLoader.self, saver: AVIFSaver.self)
}
