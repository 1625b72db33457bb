/// The OpenCL C sources of the device kernels, embedded in the binary at build time so that an
/// installed `gpuglitch` needs no files beside it.
public enum KernelSources {
    /// Separable resampling passes (horizontal, vertical) with host-computed integer weights,
    /// and the premultiply / unpremultiply passes for images with transparency.
    public static var resample: String { string(PackageResources.resample_cl) }
    /// Rectangle copy.
    public static var crop: String { string(PackageResources.crop_cl) }
    /// Channel shift, row tearing and scanlines.
    public static var glitch: String { string(PackageResources.glitch_cl) }

    /// Every kernel source, in the order they are concatenated into one program.
    public static var all: String { [resample, crop, glitch].joined(separator: "\n") }

    private static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
