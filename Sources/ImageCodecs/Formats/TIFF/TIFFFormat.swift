/// TIFF's entry in `ImageFormatRegistry`: read by `TIFFLoader`; `--format keep` writes PNG
/// (its pictures are lossless).
extension ImageFormatRegistry.Entry {
    static let tiff = Self(format: .tiff, displayName: "TIFF", extensions: ["tif", "tiff"], keepOutput: .png,
                           sniff: TIFFLoader.sniff, loader: TIFFLoader.self, saver: nil)
}
