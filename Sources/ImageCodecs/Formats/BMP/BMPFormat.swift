/// BMP's entry in `ImageFormatRegistry`: read by `BMPLoader`; `--format keep` writes PNG (its
/// pictures are lossless).
extension ImageFormatRegistry.Entry {
    static let bmp = Self(format: .bmp, displayName: "BMP", extensions: ["bmp"], keepOutput: .png,
                          sniff: BMPLoader.sniff, loader: BMPLoader.self, saver: nil)
}
