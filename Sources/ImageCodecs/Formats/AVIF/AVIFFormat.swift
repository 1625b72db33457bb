/// AVIF's entry in `ImageFormatRegistry`: read by `AVIFLoader`, written by `AVIFSaver`;
/// `--format keep` writes JPEG for it, as before AVIF was written (an AVIF encode costs several
/// times a JPEG's).
extension ImageFormatRegistry.Entry {
    static let avif = Self(format: .avif, displayName: "AVIF", extensions: ["avif"], keepOutput: .jpeg,
                           sniff: AVIFLoader.sniff, loader: AVIFLoader.self, saver: AVIFSaver.self)
}
