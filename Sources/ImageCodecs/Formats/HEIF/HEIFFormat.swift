/// HEIF's entry in `ImageFormatRegistry`: read by `HEIFLoader`; `--format keep` writes JPEG
/// (its pictures are photographic).
extension ImageFormatRegistry.Entry {
    static let heif = Self(format: .heif, displayName: "HEIF", extensions: ["heic", "heif"], keepOutput: .jpeg,
                           sniff: HEIFLoader.sniff, loader: HEIFLoader.self, saver: nil)
}
