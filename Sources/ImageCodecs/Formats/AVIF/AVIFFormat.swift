/// AVIF's entry in `ImageFormatRegistry`: read by `AVIFLoader`; `--format keep` writes JPEG
/// (its pictures are photographic).
extension ImageFormatRegistry.Entry {
    static let avif = Self(format: .avif, displayName: "AVIF", extensions: ["avif"], keepOutput: .jpeg,
                           sniff: AVIFLoader.sniff, loader: AVIFLoader.self, saver: nil)
}
