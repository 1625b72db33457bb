/// The OpenCL C of the built-in passes (`OpenCLBuiltInKernel`), embedded in the binary at build
/// time so that an installed `gpuglitch` needs no files beside it.
enum OpenCLBuiltInSources {
    /// Separable resampling passes (horizontal, vertical) with host-computed integer weights,
    /// and the premultiply / unpremultiply passes for images with transparency.
    static var resample: String { string(PackageResources.resample_cl) }
    /// Rectangle copy.
    static var crop: String { string(PackageResources.crop_cl) }

    /// JPEG coefficients to RGBA (`OpenCLBackend.decodeJPEG`): the Huffman decode (stage 2), the inverse DCTs, then the
    /// upsampling and colour conversion (JPEGDecode/, beside this folder).
    static var jpegDecode: String {
        [string(PackageResources.jpeg_huffman_cl), string(PackageResources.jpeg_idct_cl),
         string(PackageResources.jpeg_colour_cl)].joined(separator: "\n")
    }

    /// Every built-in source, in the order they are concatenated into one program.
    static var all: String { [resample, crop, jpegDecode].joined(separator: "\n") }

    private static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
