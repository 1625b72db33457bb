/// The OpenCL C of the built-in effects and the glitch (each `.cl` beside its kernel),
/// embedded at build time. Each kernel's program is its own `KernelProgramSource`, built on
/// first use per device like any user kernel; the tilt-shift's and the sharpen's are
/// box_blur.cl (Pillow's `GaussianBlur`, `GaussianBlurLaunches`) followed by their own file.
enum EffectKernelSources {
    static var sepia: String { String(decoding: PackageResources.sepia_cl, as: UTF8.self) }
    static var boxBlur: String { String(decoding: PackageResources.box_blur_cl, as: UTF8.self) }
    static var tiltShift: String { String(decoding: PackageResources.tilt_shift_cl, as: UTF8.self) }
    static var sharpen: String { String(decoding: PackageResources.sharpen_cl, as: UTF8.self) }
    static var flatten: String { String(decoding: PackageResources.flatten_cl, as: UTF8.self) }
    static var glitch: String { String(decoding: PackageResources.glitch_cl, as: UTF8.self) }
}
